import type { TTrialResult } from "@meshbench/contracts";
import type { TrialTraffic } from "./judge";

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);

/**
 * What a trial sent, from the load generator's own result: its requests (every call, errors
 * included) and the bytes its responses carried (Fortio's Sizes histogram, count × mean; a TCP
 * run's bytes received). The path check compares the mesh's counters with these.
 */
export function trafficOf(result: TTrialResult): TrialTraffic {
  const m = result.meta;
  const sizes = m.sizes as { count?: unknown; avg?: unknown } | undefined;
  const count = num(sizes?.count);
  const avg = num(sizes?.avg);
  const responseBytes =
    result.protocol === "tcp"
      ? num(m.bytesReceived)
      : count !== null && avg !== null
        ? count * avg
        : null;
  return { protocol: result.protocol, requests: result.requestCount, responseBytes };
}
