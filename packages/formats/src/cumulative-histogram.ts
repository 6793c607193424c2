import type { THistogram, THistogramBucket } from "@meshbench/contracts";
import { ImportError } from "./errors";

/** One entry of a cumulative percentile list (Nighthawk statistics, wrk2 spectra). */
export interface CumulativePoint {
  /** 0–1. */
  fraction: number;
  /** Samples at or below `value`. */
  cumulative: number;
  /** Seconds. */
  value: number;
  /** Where the entry came from, for error messages. */
  path: string;
}

export interface CumulativeTotals {
  count: number;
  sum: number;
  stddev: number | null;
  /** Reported extremes, when the source has them separately; else the first/last values. */
  min?: number;
  max?: number;
  countPath: string;
}

/**
 * Buckets from HdrHistogram-style cumulative percentiles, as Nighthawk's own Fortio output
 * builds them: the first entry is a zero-width bucket at its value holding its count, each later
 * one spans from the previous value to its own and holds the count increase. Counts are exact;
 * where samples sit inside a bucket is not known (HdrHistogram values are bucket-equivalent
 * values, within its ~0.1% precision), so pooled percentiles between entries are interpolated.
 */
export function histogramFromCumulative(
  points: CumulativePoint[],
  totals: CumulativeTotals,
): THistogram {
  const buckets: THistogramBucket[] = [];
  let previous: CumulativePoint | undefined;
  for (const p of points) {
    if (p.fraction < 0 || p.fraction > 1)
      throw new ImportError(p.path, `percentile must be between 0 and 1, not ${p.fraction}`);
    if (previous) {
      if (p.fraction < previous.fraction)
        throw new ImportError(p.path, "percentiles must be in increasing order");
      if (p.cumulative < previous.cumulative) {
        throw new ImportError(
          p.path,
          `cumulative count must not decrease (${p.cumulative} after ${previous.cumulative})`,
        );
      }
      if (p.value < previous.value)
        throw new ImportError(
          p.path,
          `value must not decrease (${p.value} after ${previous.value})`,
        );
    }
    const count = p.cumulative - (previous?.cumulative ?? 0);
    if (count > 0) buckets.push({ start: previous?.value ?? p.value, end: p.value, count });
    previous = p;
  }
  const last = previous?.cumulative ?? 0;
  if (last !== totals.count) {
    throw new ImportError(
      totals.countPath,
      `is ${totals.count} but the percentiles' cumulative count ends at ${last}`,
    );
  }
  const first = points[0]?.value ?? 0;
  const end = previous?.value ?? 0;
  const min = totals.min ?? first;
  const max = Math.max(totals.max ?? end, end);
  if (min > first)
    throw new ImportError(
      totals.countPath,
      `minimum ${min} is above the lowest percentile value ${first}`,
    );
  return {
    count: totals.count,
    min,
    max,
    sum: totals.sum,
    stddev: totals.stddev,
    buckets: clamp(buckets, min, max),
  };
}

/** Fortio's convention, which pooling relies on: first bucket starts at min, last ends at max. */
function clamp(buckets: THistogramBucket[], min: number, max: number): THistogramBucket[] {
  const first = buckets[0];
  const last = buckets[buckets.length - 1];
  if (first) first.start = min;
  if (last) last.end = max;
  return buckets;
}
