import { DomainError, type TRateSeries, type TTrialResult } from "@meshbench/contracts";
import { mergeRateSeries, rateSeriesFromAccessLog } from "@meshbench/core";

/**
 * A trial's throughput over time from the Fortio JSON access logs of its runs (`fortio load
 * -json r.json -access-log-file a.json`, one run per load generator): each counted from the
 * earliest run's start, so the generators' windows stay where they were in time, and summed
 * (core's mergeRateSeries). A series is kept only when it holds exactly the results' requests,
 * so the series and the stored histogram describe the same calls: otherwise the reason.
 */
export function rateSeriesOfRuns(
  runs: readonly { accessLog: string; result: TTrialResult }[],
): { series: TRateSeries } | { problem: string } {
  const starts = runs
    .map((r) => (r.result.startedAt ? Date.parse(r.result.startedAt) : NaN))
    .filter(Number.isFinite);
  const from = starts.length ? { startNs: Math.min(...starts) * 1e6 } : {};
  const each = runs.map((r) => rateSeriesFromAccessLog(r.accessLog, from));
  const series = each.some((s) => s === null) ? null : mergeRateSeries(each);
  if (!series) return { problem: "holds no request records (Fortio's -access-log-format json)" };
  const logged = series.requests.reduce((a, b) => a + b, 0);
  const counted = runs.reduce((a, r) => a + r.result.requestCount, 0);
  if (logged !== counted)
    return { problem: `records ${logged} requests but its result ${counted}: not the same run` };
  return { series };
}

/** The series of an uploaded trial (its one access log beside its result), or BAD_REQUEST. */
export function rateSeriesOfUpload(
  accessLog: string,
  result: TTrialResult,
  field: string,
): TRateSeries {
  const read = rateSeriesOfRuns([{ accessLog, result }]);
  if ("problem" in read) throw new DomainError("BAD_REQUEST", read.problem, field);
  return read.series;
}
