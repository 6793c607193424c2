import {
  FORTIO_PORTS,
  type TBenchmarkDefinition,
  type TResolvedHeader,
  type TTrialCoordinates,
} from "@meshbench/contracts";

/** Where the load generator's Fortio server listens (its REST API, UI and data dir). */
export const FORTIO_PORT = FORTIO_PORTS.http;

export type FortioRunInput = {
  coordinates: TTrialCoordinates;
  durationSeconds: number;
  fortio: TBenchmarkDefinition["methodology"]["fortio"];
  url: string;
  /** Fortio's labels, echoed in the status and the result: how a resumed worker finds the run. */
  label: string;
  /**
   * Headers on every request. For a run: their values as sent (secrets opened by the worker
   * for this request only); for a description: secrets as their `<secret:name>` placeholders.
   */
  headers: readonly TResolvedHeader[];
};

/**
 * The JSON body of Fortio's `POST /fortio/rest/run`: every option as a string, as Fortio's REST
 * handler reads them (rapi/restHandler.go `FormValue` falls back to the body's top-level keys
 * when the URL has no query), and the headers as `headers: ["Name: value", …]`, which it adds
 * like `-H`. Nothing travels in the URL, so no header value is in a path the apiserver or a proxy
 * might log. The load is the same as `fortio load` with the CLI flags; two differ: `-payload-size
 * N` has no REST form, so the payload is N literal bytes (same size, same POST); `-keepalive=false`
 * becomes `connection-reuse=1:1` (one request per connection).
 */
/** Fortio's REST options as strings (what its `FormValue` reads), headers as "Name: value". */
export type FortioRunBody = { [option: string]: string | string[] | undefined; headers?: string[] };

export function fortioRunBody(
  input: FortioRunInput,
  mode: { save: boolean; async: boolean },
): FortioRunBody {
  const c = input.coordinates;
  const body: FortioRunBody = {
    url: input.url,
    qps: c.requestedQps === null ? "-1" : String(c.requestedQps),
    c: String(c.connections),
    t: `${input.durationSeconds}s`,
    r: String(input.fortio.resolutionSeconds),
    labels: input.label,
  };
  if (input.fortio.uniform) body.uniform = "on";
  if (input.fortio.noCatchUp) body.nocatchup = "on";
  if (c.payloadBytes > 0) body.payload = "x".repeat(c.payloadBytes);
  if (c.protocol === "h2") body.h2 = "on";
  if (c.protocol === "grpc") {
    body.runner = "grpc";
    body.ping = "on";
  }
  // TCP load (url tcp://…) keeps each connection for the whole run: Fortio has no per-call reuse.
  if (!c.keepAlive && c.protocol !== "tcp") body["connection-reuse"] = "1:1";
  if (mode.async) body.async = "on";
  if (mode.save) body.save = "on";
  // Definitions with headers carry HTTP load only (contracts refuse grpc and tcp beside them).
  if (input.headers.length) body.headers = input.headers.map((h) => `${h.name}: ${h.value}`);
  return body;
}

/** The request as a person reads it: the body as sent, a long payload shown as its size. */
export function describeRunRequest(pod: string, body: FortioRunBody) {
  const shown = Object.fromEntries(
    Object.entries(body).map(([k, v]) =>
      k === "payload" && typeof v === "string" && v.length > 16
        ? [k, `<${v.length} bytes>`]
        : [k, v],
    ),
  );
  return `POST ${pod}:${FORTIO_PORT}/fortio/rest/run ${JSON.stringify(shown)}`;
}

/** Where a measurement pod's two containers share their files (an emptyDir). */
export const MEASUREMENT_DATA_DIR = "/data";
/** The measured run's result and access log in that dir (Fortio's data handler serves `*.json`). */
export const MEASUREMENT_FILES = { result: "result", accessLog: "access" } as const;

/** REST options whose `fortio load` flag has the same name (value options, then "on" switches). */
const SAME_NAME_VALUES = new Set(["qps", "c", "t", "r", "labels", "connection-reuse"]);
const SWITCHES = new Set(["uniform", "nocatchup", "h2", "ping"]);
/** How the REST call is made, not what load it makes: no CLI counterpart. */
const REST_ONLY = new Set(["async", "save"]);

/**
 * The same run as `fortio load` arguments, derived from its REST body option by option, so the
 * two cannot drift: the value options and switches by their flag names, `runner: grpc` as
 * `-grpc`, the literal payload as `-payload-size N` (same size; an argument cannot carry 16 MiB),
 * each header as `-H`, the URL last. Then the measured run's files: its result JSON and its
 * access log (one JSON line per request), which the REST handler has no option for. An option
 * this does not know throws: a new REST option must be given its flag here.
 */
export function fortioLoadArgs(body: FortioRunBody, dataDir = MEASUREMENT_DATA_DIR): string[] {
  const args = ["load"];
  for (const [option, value] of Object.entries(body)) {
    if (value === undefined || option === "url" || REST_ONLY.has(option)) continue;
    if (option === "headers" && Array.isArray(value)) {
      for (const header of value) args.push("-H", header);
    } else if (typeof value !== "string") {
      throw new Error(`Fortio option ${option} has no load flag`);
    } else if (SAME_NAME_VALUES.has(option)) {
      args.push(`-${option}`, value);
    } else if (SWITCHES.has(option) && value === "on") {
      args.push(`-${option}`);
    } else if (option === "runner" && value === "grpc") {
      args.push("-grpc");
    } else if (option === "payload") {
      args.push("-payload-size", String(Buffer.byteLength(value)));
    } else {
      throw new Error(`Fortio option ${option} has no load flag`);
    }
  }
  const file = (name: string) => `${dataDir}/${name}.json`;
  args.push("-json", file(MEASUREMENT_FILES.result));
  args.push("-access-log-file", file(MEASUREMENT_FILES.accessLog), "-access-log-format", "json");
  args.push("-loglevel", "warning");
  if (typeof body.url !== "string") throw new Error("a Fortio run needs its url");
  args.push(body.url);
  return args;
}
