import type { THistogram, TLatencySummary } from "@meshbench/contracts";

/** The percentiles every summary carries, keyed by summary field. */
export const SUMMARY_PERCENTILES = {
  p50: 50,
  p75: 75,
  p90: 90,
  p99: 99,
  p999: 99.9,
  p9999: 99.99,
} as const;

/**
 * One percentile (0–100) by Fortio's own rule (fortio stats.go, HistogramData.CalcPercentile),
 * reproduced operation for operation so values recomputed from a stored histogram equal the
 * `Percentiles` Fortio printed, bit for bit:
 * - p ≥ 100 gives max; p ≤ 100/count gives min (the minimum is one real sample, so it covers
 *   the first 100/count percent);
 * - otherwise the first bucket whose cumulative percent (100·cum/count, in that order, as Go
 *   computes it) reaches p is interpolated linearly from the previous cumulative percent at its
 *   start to its own percent at its end. Fortio exports the first bucket starting at Min and the
 *   last ending at Max, so interpolation never reaches outside the observed range.
 * Empty-count buckets never match (their percent equals the previous one), so dropping them
 * changes nothing. Returns NaN for an empty histogram or a non-finite p.
 */
export function percentileFromHistogram(h: THistogram, p: number): number {
  if (h.count === 0 || h.buckets.length === 0 || !Number.isFinite(p)) return Number.NaN;
  if (p >= 100) return h.max;
  let previous = 100 / h.count;
  if (p <= previous) return h.min;
  let cumulative = 0;
  for (const bucket of h.buckets) {
    cumulative += bucket.count;
    const percent = (100 * cumulative) / h.count;
    if (p <= percent) {
      return bucket.start + ((p - previous) / (percent - previous)) * (bucket.end - bucket.start);
    }
    previous = percent;
  }
  return h.max;
}

/** Several percentiles (each 0–100) by Fortio's rule; see percentileFromHistogram. */
export function percentilesFromHistogram(h: THistogram, ps: number[]): number[] {
  return ps.map((p) => percentileFromHistogram(h, p));
}

const orNull = (v: number): number | null => (Number.isFinite(v) ? v : null);

/** The summary of no samples: every field null (a fresh object each call). */
export const emptyLatencySummary = (): TLatencySummary => ({
  min: null,
  avg: null,
  p50: null,
  p75: null,
  p90: null,
  p99: null,
  p999: null,
  p9999: null,
  max: null,
  stddev: null,
});

/**
 * The summary a histogram supports: avg = sum/count, exact min and max, Fortio-rule percentiles,
 * and the source's stddev when it reported one (buckets alone cannot give it back).
 * All null for an empty histogram.
 */
export function summarizeHistogram(h: THistogram): TLatencySummary {
  if (h.count === 0) {
    return emptyLatencySummary();
  }
  const p = SUMMARY_PERCENTILES;
  const [p50, p75, p90, p99, p999, p9999] = percentilesFromHistogram(h, [
    p.p50,
    p.p75,
    p.p90,
    p.p99,
    p.p999,
    p.p9999,
  ]);
  return {
    min: h.min,
    avg: h.sum / h.count,
    p50: orNull(p50 ?? Number.NaN),
    p75: orNull(p75 ?? Number.NaN),
    p90: orNull(p90 ?? Number.NaN),
    p99: orNull(p99 ?? Number.NaN),
    p999: orNull(p999 ?? Number.NaN),
    p9999: orNull(p9999 ?? Number.NaN),
    max: h.max,
    stddev: h.stddev ?? null,
  };
}
