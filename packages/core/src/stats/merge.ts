import type { THistogram, THistogramBucket } from "@meshbench/contracts";
import { poolingGrid, type Projection } from "./pooling-grid";

export const EMPTY_HISTOGRAM: THistogram = Object.freeze({
  count: 0,
  min: 0,
  max: 0,
  sum: 0,
  buckets: [],
});

export interface MergeOptions {
  /**
   * Fortio's -r (resolutionSeconds) when every input was recorded by Fortio at that resolution.
   * Adds Fortio's full bucket grid to the pooling grid, so the result is exactly the histogram
   * Fortio would have recorded for all the requests, even when a trial reveals few edges
   * (e.g. two one-bucket trials in different cells). Without it, edges come from the inputs.
   */
  fortioResolution?: number;
}

/** count, sum, min, max and Fortio-rule percentiles of a pooled histogram; NaN where undefined. */
export interface PooledQuantiles {
  count: number;
  sum: number;
  min: number;
  max: number;
  /** One per requested percentile, as percentileFromHistogram(pool(weights), p) would give. */
  values: number[];
}

/** Pools weighted copies of a fixed set of histograms; built once, reused by the bootstrap. */
export interface Pooler {
  readonly size: number;
  /** weights[i] copies of histogram i (a bootstrap resample's multiplicities); 1s for a plain merge. */
  pool(weights: readonly number[]): THistogram;
  /**
   * The same numbers as pooling and then taking percentiles (bit for bit), without building the
   * histogram: the bootstrap asks this thousands of times per comparison. `ps` ascending.
   */
  quantiles(weights: readonly number[], ps: readonly number[]): PooledQuantiles;
}

/** Adds in ascending order so the float result does not depend on the order inputs came in. */
function orderedSum(values: number[]): number {
  return [...values].sort((a, b) => a - b).reduce((acc, v) => acc + v, 0);
}

/** Population stddev of the union from each part's count, mean and stddev; null if any is unknown. */
function pooledStddev(
  parts: { n: number; h: THistogram }[],
  count: number,
  sum: number,
): number | null {
  if (parts.some((p) => typeof p.h.stddev !== "number")) return null;
  const secondMoments = parts.map(({ n, h }) => {
    const mean = h.sum / h.count;
    const sd = h.stddev ?? 0;
    return n * h.count * (sd * sd + mean * mean);
  });
  const mean = sum / count;
  return Math.sqrt(Math.max(0, orderedSum(secondMoments) / count - mean * mean));
}

function buildBuckets(
  edges: readonly number[],
  segments: number[],
  points: number[],
): THistogramBucket[] {
  const buckets: THistogramBucket[] = [];
  for (let k = 0; k < edges.length; k++) {
    const edge = edges[k] ?? 0;
    const atPoint = points[k] ?? 0;
    if (atPoint > 0) buckets.push({ start: edge, end: edge, count: atPoint });
    const inSegment = segments[k] ?? 0;
    if (k < edges.length - 1 && inSegment > 0)
      buckets.push({ start: edge, end: edges[k + 1] ?? edge, count: inSegment });
  }
  return buckets;
}

/**
 * Keeps Fortio's convention that the first bucket starts at min and the last ends at max: the
 * pooled min/max are real samples, and a resample's extremes can sit inside a grid segment.
 */
function clampToRange(
  buckets: THistogramBucket[],
  min: number,
  max: number,
  overflowStart: number | undefined,
) {
  const first = buckets[0];
  const last = buckets[buckets.length - 1];
  if (first && first.start !== overflowStart) first.start = min;
  if (last) last.end = max;
}

export function createPooler(histograms: readonly THistogram[], opts: MergeOptions = {}): Pooler {
  const inputs = histograms.filter((h) => h.count > 0);
  const { edges, projections, overflowStart } = poolingGrid(inputs, opts.fortioResolution);
  const indexOf = histograms.map((h) => inputs.indexOf(h));
  const quantiles = createQuantiles(histograms, inputs, indexOf, edges, projections, overflowStart);
  return {
    size: histograms.length,
    quantiles,
    pool(weights) {
      const parts: { n: number; h: THistogram; p: Projection }[] = [];
      histograms.forEach((_, i) => {
        const n = weights[i] ?? 0;
        const j = indexOf[i] ?? -1;
        const h = inputs[j];
        const p = projections[j];
        if (n > 0 && h && p) parts.push({ n, h, p });
      });
      if (parts.length === 0) return { ...EMPTY_HISTOGRAM, buckets: [] };
      const segments = new Array<number>(Math.max(0, edges.length - 1)).fill(0);
      const points = new Array<number>(edges.length).fill(0);
      for (const { n, p } of parts) {
        p.segments.forEach((c, j) => (segments[j] = (segments[j] ?? 0) + n * c));
        p.points.forEach((c, k) => (points[k] = (points[k] ?? 0) + n * c));
      }
      const count = parts.reduce((acc, { n, h }) => acc + n * h.count, 0);
      const sum = orderedSum(parts.map(({ n, h }) => n * h.sum));
      const min = Math.min(...parts.map(({ h }) => h.min));
      const max = Math.max(...parts.map(({ h }) => h.max));
      const buckets = buildBuckets(edges, segments, points);
      clampToRange(buckets, min, max, overflowStart);
      return { count, min, max, sum, stddev: pooledStddev(parts, count, sum), buckets };
    },
  };
}

/**
 * Pooler.quantiles: accumulates the weighted projections into reused arrays and walks the
 * virtual bucket sequence of pool() once for all percentiles, repeating pool()'s and
 * percentileFromHistogram's arithmetic in the same order so every result is identical.
 */
function createQuantiles(
  histograms: readonly THistogram[],
  inputs: readonly THistogram[],
  indexOf: readonly number[],
  edges: readonly number[],
  projections: readonly Projection[],
  overflowStart: number | undefined,
): Pooler["quantiles"] {
  const segments = new Float64Array(Math.max(0, edges.length - 1));
  const points = new Float64Array(edges.length);
  return (weights, ps) => {
    segments.fill(0);
    points.fill(0);
    let count = 0;
    let min = Infinity;
    let max = -Infinity;
    const sums: number[] = [];
    for (let i = 0; i < histograms.length; i++) {
      const n = weights[i] ?? 0;
      const j = indexOf[i] ?? -1;
      const h = inputs[j];
      const p = projections[j];
      if (!(n > 0 && h && p)) continue;
      for (let s = 0; s < p.segments.length; s++) segments[s]! += n * (p.segments[s] ?? 0);
      for (let k = 0; k < p.points.length; k++) points[k]! += n * (p.points[k] ?? 0);
      count += n * h.count;
      sums.push(n * h.sum);
      if (h.min < min) min = h.min;
      if (h.max > max) max = h.max;
    }
    const values = ps.map(() => Number.NaN);
    if (sums.length === 0) return { count: 0, sum: 0, min: 0, max: 0, values };
    const sum = orderedSum(sums);
    // Bucket b of pool()'s list: 2k = the point at edges[k], 2k+1 = segment [edges[k], edges[k+1]].
    const countOf = (b: number) => ((b & 1) === 0 ? points[b >> 1]! : segments[b >> 1]!);
    const last = 2 * edges.length - 2;
    let first = -1;
    let final = -1;
    for (let b = 0; b <= last; b++) {
      if (countOf(b) > 0) {
        if (first < 0) first = b;
        final = b;
      }
    }
    if (first < 0) return { count, sum, min, max, values };
    let previous = 100 / count;
    let q = 0;
    for (; q < ps.length; q++) {
      const p = ps[q]!;
      if (!Number.isFinite(p)) continue;
      if (p >= 100) values[q] = max;
      else if (p <= previous) values[q] = min;
      else break;
    }
    let cumulative = 0;
    for (let b = first; b <= final && q < ps.length; b++) {
      const c = countOf(b);
      if (c <= 0) continue;
      const k = b >> 1;
      const start = b === first && edges[k] !== overflowStart ? min : edges[k]!;
      const end = b === final ? max : (b & 1) === 0 ? edges[k]! : edges[k + 1]!;
      cumulative += c;
      const percent = (100 * cumulative) / count;
      for (; q < ps.length; q++) {
        const p = ps[q]!;
        if (!Number.isFinite(p)) continue;
        if (p >= 100) values[q] = max;
        else if (p <= percent)
          values[q] = start + ((p - previous) / (percent - previous)) * (end - start);
        else break;
      }
      previous = percent;
    }
    for (; q < ps.length; q++) if (Number.isFinite(ps[q]!)) values[q] = max;
    return { count, sum, min, max, values };
  };
}

/**
 * Pools repetitions by merging their histograms (never by averaging percentiles).
 *
 * Exact where edges align: Fortio trials recorded at the same resolution share their grid, so
 * counts simply add per bucket and the result equals what Fortio would have recorded for all the
 * requests at once (pass `fortioResolution` to guarantee it even when trials reveal few edges;
 * then merging is also associative and commutative). Otherwise approximate, documented: a
 * bucket straddling another histogram's edge has its count split uniformly across the pieces,
 * in integers that still add up. Count, sum, min and max are always exact; stddev is pooled from
 * the parts' means and stddevs when all of them have one.
 */
export function mergeHistograms(hs: readonly THistogram[], opts: MergeOptions = {}): THistogram {
  const nonEmpty = hs.filter((h) => h.count > 0);
  const only = nonEmpty[0];
  if (nonEmpty.length === 0) return { ...EMPTY_HISTOGRAM, buckets: [] };
  if (nonEmpty.length === 1 && only)
    return { ...only, buckets: only.buckets.map((b) => ({ ...b })) };
  return createPooler(nonEmpty, opts).pool(nonEmpty.map(() => 1));
}
