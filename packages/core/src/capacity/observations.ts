import type { TTrialRecord } from "@meshbench/contracts";
import { percentileFromHistogram } from "../stats/percentiles";
import { errorRateOf } from "../saturation/classify";
import type { ProbeObservation } from "./types";

/**
 * A stored trial of a capacity search as the search reads it. Saturated trials are observations
 * like any other (they fail the SLO, which is the point); trials that did not succeed, or lack a
 * requested or achieved rate, are not observations: the search asks for them again. A trial
 * whose load generator was the bottleneck is an observation marked `loadGeneratorBound`.
 */
export function probeObservationOf(t: TTrialRecord): ProbeObservation | null {
  if (t.status !== "succeeded" || t.requestedQps === null || t.actualQps === null) return null;
  const p99 =
    t.summary?.p99 ?? (t.histogram?.count ? percentileFromHistogram(t.histogram, 99) : null);
  return {
    variant: t.variant,
    requestedQps: t.requestedQps,
    repetition: t.repetition,
    actualQps: t.actualQps,
    p99Seconds: p99 !== null && Number.isFinite(p99) ? p99 : null,
    errorRate: errorRateOf({ requestCount: t.requestCount ?? 0, errorCount: t.errorCount ?? 0 }),
    loadGeneratorBound: t.validityFlags.some((f) => f.code === "load_generator_saturated"),
  };
}

export function probeObservationsOf(trials: readonly TTrialRecord[]): ProbeObservation[] {
  return trials.flatMap((t) => {
    const o = probeObservationOf(t);
    return o ? [o] : [];
  });
}
