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
