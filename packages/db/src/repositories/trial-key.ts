import type { TTrialCoordinates } from "@meshbench/contracts";

/**
 * A trial's deterministic key: the same coordinates always give the same key, which makes
 * scheduling idempotent (a resumed run recognises finished trials) and uploads deduplicable.
 */
export function trialKey(c: TTrialCoordinates) {
  const qps = c.requestedQps === null ? "max" : String(c.requestedQps);
  const ka = c.keepAlive ? "ka" : "noka";
  return `${c.variant}/qps-${qps}/c${c.connections}/p${c.payloadBytes}/${c.protocol}/${ka}/rep${c.repetition}`;
}
