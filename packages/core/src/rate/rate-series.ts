import type { TRateDip, TRateSeries, TTrialRateSeries } from "@meshbench/contracts";

/** Below this share of the trial's mean rate an interval is a dip (a warm-up tail or a stall). */
export const RATE_DIP_SHARE = 0.5;

/**
 * Per-interval counts from Fortio's JSON access log (`fortio load -access-log-file f
 * -access-log-format json`: one line per request, `{"latency":s,"timestamp":ns,…,"ok":bool}`,
 * the timestamp being when the request started). A request is counted in the interval it ended
 * in (start + latency), from `startNs` (default: the earliest start). Lines that are not such
 * records are skipped. Returns null when no line is a request.
 */
export function rateSeriesFromAccessLog(
  text: string,
  options: { startNs?: number; intervalSeconds?: number } = {},
): TRateSeries | null {
  const interval = options.intervalSeconds ?? 1;
  const ends: { endS: number; ok: boolean }[] = [];
  let first = Infinity;
  for (const line of text.split("\n")) {
    if (!line.trim().startsWith("{")) continue;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      continue;
    }
    const r = record as { latency?: unknown; timestamp?: unknown; ok?: unknown };
    if (typeof r.latency !== "number" || typeof r.timestamp !== "number") continue;
    if (!Number.isFinite(r.latency) || !Number.isFinite(r.timestamp)) continue;
    first = Math.min(first, r.timestamp);
    ends.push({ endS: r.timestamp / 1e9 + r.latency, ok: r.ok !== false });
  }
  if (!ends.length) return null;
  const startS = (options.startNs ?? first) / 1e9;
  const requests: number[] = [];
  const errors: number[] = [];
  for (const { endS, ok } of ends) {
    const i = Math.max(0, Math.floor((endS - startS) / interval));
    while (requests.length <= i) {
      requests.push(0);
      errors.push(0);
    }
    requests[i]! += 1;
    if (!ok) errors[i]! += 1;
  }
  return { intervalSeconds: interval, requests, errors };
}

/**
 * Several generators' series of one trial as one: counts summed interval by interval (their
 * windows share a start time; a shorter series counts as zero past its end). Every series must
 * use the same interval. Null when there is nothing to merge.
 */
export function mergeRateSeries(series: readonly (TRateSeries | null)[]): TRateSeries | null {
  const present = series.filter((s): s is TRateSeries => s !== null);
  const first = present[0];
  if (!first) return null;
  if (present.some((s) => s.intervalSeconds !== first.intervalSeconds))
    throw new Error("rate series with different intervals cannot be merged");
  const length = Math.max(...present.map((s) => s.requests.length));
  const sum = (pick: (s: TRateSeries) => number[]) =>
    Array.from({ length }, (_, i) => present.reduce((t, s) => t + (pick(s)[i] ?? 0), 0));
  return {
    intervalSeconds: first.intervalSeconds,
    requests: sum((s) => s.requests),
    errors: sum((s) => s.errors),
  };
}

/** Mean requests per second over the series' whole intervals (the last, partial one left out). */
export function meanRateQps(series: TRateSeries): number | null {
  const whole = series.requests.length > 1 ? series.requests.slice(0, -1) : series.requests;
  if (!whole.length) return null;
  return whole.reduce((a, b) => a + b, 0) / whole.length / series.intervalSeconds;
}

/**
 * Intervals whose rate fell below `share` of the mean: at the start before the rate first
 * reached it ("warm_up"), the last interval (usually partial: "tail"), anything else a "stall".
 */
export function rateDips(series: TRateSeries, share = RATE_DIP_SHARE): TRateDip[] {
  const mean = meanRateQps(series);
  if (mean === null || mean <= 0) return [];
  const out: TRateDip[] = [];
  let warming = true;
  series.requests.forEach((count, i) => {
    const qps = count / series.intervalSeconds;
    const low = qps < share * mean;
    if (!low) warming = false;
    if (!low) return;
    const last = i === series.requests.length - 1 && i > 0;
    out.push({
      fromSeconds: i * series.intervalSeconds,
      qps,
      shareOfMean: qps / mean,
      kind: warming && !last ? "warm_up" : last ? "tail" : "stall",
    });
  });
  return out;
}

/** A trial's series as the run page draws it: the counts, the mean, and the dips named. */
export function trialRateSeriesView(
  trialId: string,
  series: TRateSeries | null,
  share = RATE_DIP_SHARE,
): TTrialRateSeries {
  return {
    trialId,
    series,
    meanQps: series ? meanRateQps(series) : null,
    dipShare: share,
    dips: series ? rateDips(series, share) : [],
  };
}
