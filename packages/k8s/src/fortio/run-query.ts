import {
  FORTIO_PORTS,
  type TBenchmarkDefinition,
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
};

/**
 * The query of Fortio's `/fortio/rest/run` for one trial: the same load as `fortio load` with
 * the CLI flags, spelled as the REST API names them. Two differ: `-payload-size N` has no REST
 * form, so the payload is N literal bytes (same size, same POST); `-keepalive=false` becomes
 * `connection-reuse=1:1` (one request per connection).
 */
export function fortioRunQuery(input: FortioRunInput, mode: { save: boolean; async: boolean }) {
  const c = input.coordinates;
  const q = new URLSearchParams();
  q.set("url", input.url);
  q.set("qps", c.requestedQps === null ? "-1" : String(c.requestedQps));
  q.set("c", String(c.connections));
  q.set("t", `${input.durationSeconds}s`);
  q.set("r", String(input.fortio.resolutionSeconds));
  q.set("labels", input.label);
  if (input.fortio.uniform) q.set("uniform", "on");
  if (input.fortio.noCatchUp) q.set("nocatchup", "on");
  if (c.payloadBytes > 0) q.set("payload", "x".repeat(c.payloadBytes));
  if (c.protocol === "h2") q.set("h2", "on");
  if (c.protocol === "grpc") {
    q.set("runner", "grpc");
    q.set("ping", "on");
  }
  // TCP load (url tcp://…) keeps each connection for the whole run: Fortio has no per-call reuse.
  if (!c.keepAlive && c.protocol !== "tcp") q.set("connection-reuse", "1:1");
  if (mode.async) q.set("async", "on");
  if (mode.save) q.set("save", "on");
  return q;
}

/** The request as a person reads it (unencoded); a long payload is shown as its size. */
export function describeRunRequest(pod: string, query: URLSearchParams) {
  const params = [...query].map(([k, v]) =>
    k === "payload" && v.length > 16 ? `${k}=<${v.length} bytes>` : `${k}=${v}`,
  );
  return `GET ${pod}:${FORTIO_PORT}/fortio/rest/run?${params.join("&")}`;
}
