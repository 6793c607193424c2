import type { TTrialRecord, TTrialResult } from "@meshbench/contracts";

/** Succeeded trials with numbers, not flagged invalid: what comparisons pool. */
export function usableTrials(trials: readonly TTrialRecord[]): TTrialRecord[] {
  return trials.filter(
    (t) =>
      t.status === "succeeded" &&
      (t.histogram !== null || t.summary !== null) &&
      !t.validityFlags.some((f) => f.severity === "invalid"),
  );
}

const EMPTY_SUMMARY = { min: null, avg: null, p50: null, p75: null, p90: null, p99: null, p999: null, max: null, stddev: null };

/** The canonical trial result core compares, rebuilt from a stored trial. */
export function toTrialResult(t: TTrialRecord): TTrialResult {
  return {
    loadGenerator: t.loadGenerator,
    runType: null,
    labels: t.key,
    startedAt: null,
    requestedQps: t.requestedQps,
    requestedDurationSeconds: null,
    actualQps: t.actualQps ?? 0,
    actualDurationSeconds: t.durationSeconds ?? 0,
    connections: t.connections,
    requestCount: t.requestCount ?? 0,
    errorCount: t.errorCount ?? 0,
    retCodes: {},
    resolutionSeconds: null,
    protocol: t.protocol,
    keepAlive: t.keepAlive,
    payloadBytes: t.payloadBytes,
    histogram: t.histogram,
    summary: t.summary ?? EMPTY_SUMMARY,
    meta: {},
  };
}

/** Achieved rate and error rate over a group of trials (totals, not a mean of ratios). */
export function throughputOf(trials: readonly TTrialRecord[]) {
  let requests = 0;
  let errors = 0;
  let seconds = 0;
  for (const t of trials) {
    requests += t.requestCount ?? 0;
    errors += t.errorCount ?? 0;
    seconds += t.durationSeconds ?? 0;
  }
  return {
    requestCount: requests,
    errorCount: errors,
    achievedQps: seconds > 0 ? requests / seconds : null,
    errorRate: requests > 0 ? errors / requests : null,
  };
}
