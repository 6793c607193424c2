import type { TTrialRecord } from "@meshbench/contracts";

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
