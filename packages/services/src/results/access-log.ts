import { DomainError, type TRateSeries, type TTrialResult } from "@meshbench/contracts";
import { rateSeriesFromAccessLog } from "@meshbench/core";

/**
 * A trial's throughput over time from the Fortio JSON access log uploaded beside its result
 * (`fortio load -json r.json -access-log-file a.json`): counted from the result's start, and
 * refused unless it holds exactly the result's requests, so the series and the stored histogram
 * describe the same calls.
 */
export function rateSeriesOfUpload(
  accessLog: string,
  result: TTrialResult,
  field: string,
): TRateSeries {
  const started = result.startedAt ? Date.parse(result.startedAt) : NaN;
  const series = rateSeriesFromAccessLog(
    accessLog,
    Number.isFinite(started) ? { startNs: started * 1e6 } : {},
  );
  if (!series)
    throw new DomainError(
      "BAD_REQUEST",
      "holds no request records (Fortio's -access-log-format json)",
      field,
    );
  const logged = series.requests.reduce((a, b) => a + b, 0);
  if (logged !== result.requestCount)
    throw new DomainError(
      "BAD_REQUEST",
      `records ${logged} requests but its result ${result.requestCount}: not the same run`,
      field,
    );
  return series;
}
