/* Test-only fast-check generators for histograms. */
import fc from "fast-check";
import type { THistogram } from "@meshbench/contracts";
import { FORTIO_BUCKET_VALUES } from "../stats/fortio-grid";

/** Grid unit of the aligned generator (Fortio -r 0.0001). */
export const UNIT = 0.0001;

/** Edge i of Fortio's grid at this resolution, computed as Fortio does. */
export const gridEdge = (unit: number, i: number) => unit * (FORTIO_BUCKET_VALUES[i] ?? 0);

/** Index of the grid cell (FORTIO_BUCKET_VALUES[i-1]·unit, FORTIO_BUCKET_VALUES[i]·unit] holding x. */
export function cellOf(unit: number, x: number): number {
  const i = FORTIO_BUCKET_VALUES.findIndex((_, k) => k > 0 && gridEdge(unit, k) >= x);
  return i === -1 ? FORTIO_BUCKET_VALUES.length : i;
}

/**
 * Histograms exactly as Fortio exports them at resolution `unit`: buckets are cells of Fortio's
 * grid, the first starts at min and the last ends at max (both strictly inside their cells,
 * which are left-open). Sums are dyadic (multiples of 2^-20) so float additions are exact and
 * associativity can be asserted exactly.
 */
export function histogramOnGrid(unit: number): fc.Arbitrary<THistogram> {
  return fc
    .record({
      cells: fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 10 }),
      counts: fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 10, maxLength: 10 }),
      lo: fc.integer({ min: 1, max: 999 }),
      hi: fc.integer({ min: 1, max: 1000 }),
      sumUnits: fc.integer({ min: 0, max: 2 ** 30 }),
    })
    .map(({ cells, counts, lo, hi, sumUnits }) => {
      const sorted = [...cells].sort((a, b) => a - b);
      const first = sorted[0] ?? 1;
      const last = sorted[sorted.length - 1] ?? 1;
      const inside = (cell: number, per: number) =>
        gridEdge(unit, cell - 1) + (per / 1000) * (gridEdge(unit, cell) - gridEdge(unit, cell - 1));
      const min = inside(first, lo);
      const max = Math.max(min, inside(last, hi));
      const buckets = sorted.map((c, i) => ({
        start: gridEdge(unit, c - 1),
        end: gridEdge(unit, c),
        count: counts[i] ?? 1,
      }));
      buckets[0]!.start = min;
      buckets[buckets.length - 1]!.end = max;
      const count = buckets.reduce((a, b) => a + b.count, 0);
      return { count, min, max, sum: sumUnits / 2 ** 20, buckets };
    });
}

export const alignedHistogram = histogramOnGrid(UNIT);

/** Any double at all, including NaN, ±0, ±Infinity and subnormals: the codec must keep them. */
const anyDouble = fc.double();

/** Structurally arbitrary histograms (no invariants), for the codec. */
export const arbitraryHistogram: fc.Arbitrary<THistogram> = fc
  .record({
    count: fc.maxSafeNat(),
    min: anyDouble,
    max: anyDouble,
    sum: anyDouble,
    stddev: fc.option(anyDouble, { nil: undefined }),
    nullStddev: fc.boolean(),
    buckets: fc.array(fc.record({ start: anyDouble, end: anyDouble, count: fc.maxSafeNat() }), {
      maxLength: 30,
    }),
  })
  .map(({ nullStddev, stddev, count, min, max, sum, buckets }) => {
    // Plain objects (fast-check records have no prototype) so toStrictEqual compares values only.
    const out: THistogram = {
      count,
      min,
      max,
      sum,
      buckets: buckets.map((b) => ({ start: b.start, end: b.end, count: b.count })),
    };
    if (stddev !== undefined) out.stddev = stddev;
    else if (nullStddev) out.stddev = null;
    return out;
  });

/** Histograms that look like real ones: Fortio edges at some resolution, nanosecond min/max, a stddev. */
export const realisticHistogram: fc.Arbitrary<THistogram> = fc
  .constantFrom(0.001, 0.0001, 0.00001, 0.0002, 0.00005)
  .chain((unit) => fc.tuple(histogramOnGrid(unit), fc.double({ min: 0, max: 1, noNaN: true })))
  .map(([h, stddev]) => {
    const min = Math.round(h.min * 1e9) / 1e9;
    const max = Math.max(min, Math.round(h.max * 1e9) / 1e9);
    const buckets = h.buckets.map((b) => ({ ...b }));
    buckets[0]!.start = min;
    buckets[buckets.length - 1]!.end = max;
    return { ...h, min, max, stddev, buckets };
  });
