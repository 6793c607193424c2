/*
 * Several load generators share one trial: each buckets its own share of the requests, and the
 * trial's histogram is their merge. It must be the histogram one Fortio would have recorded for
 * all the requests (issue 25), through the same pooling path repetitions use.
 */
import type { THistogram } from "@meshbench/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FORTIO_BUCKET_VALUES, fortioBucketCells, fortioCellOf } from "./fortio-grid";
import { createPooler, mergeHistograms } from "./merge";
import { percentileFromHistogram, summarizeHistogram } from "./percentiles";
import { recordLikeFortio } from "../test-support/fortio-recorder";

const PS = [0.001, 0.1, 1, 10, 25, 50, 75, 90, 95, 99, 99.5, 99.9, 99.99, 99.999, 100];

/** Deals samples to generators by the given assignment and records each share as Fortio does. */
function shares(samples: number[], owner: number[], n: number, resolution: number): THistogram[] {
  const parts: number[][] = Array.from({ length: n }, () => []);
  samples.forEach((v, i) => parts[(owner[i] ?? 0) % n]!.push(v));
  return parts.map((p) => recordLikeFortio(p, resolution));
}

function expectSameStatistics(merged: THistogram, whole: THistogram, exactSum: boolean) {
  expect(merged.buckets).toEqual(whole.buckets);
  expect([merged.count, merged.min, merged.max]).toEqual([whole.count, whole.min, whole.max]);
  if (exactSum) expect(merged.sum).toBe(whole.sum);
  else expect(merged.sum).toBeCloseTo(whole.sum, 9);
  // Fortio keeps Σv²; a histogram keeps only stddev, so the pooled one is exact up to rounding.
  // A stddev from moments (E[v²] − E[v]²) carries an absolute rounding error of about √ε times
  // the values' size: three samples of 1 µs equal to 15 digits give 1.4e-14 s against 0.
  const rounding = 1e-9 * whole.stddev! + 1e-7 * Math.abs(whole.max);
  expect(Math.abs(merged.stddev! - whole.stddev!)).toBeLessThanOrEqual(rounding);
  expect(PS.map((p) => percentileFromHistogram(merged, p))).toEqual(
    PS.map((p) => percentileFromHistogram(whole, p)),
  );
  const [m, w] = [summarizeHistogram(merged), summarizeHistogram(whole)];
  expect([m.min, m.p50, m.p75, m.p90, m.p99, m.p999, m.p9999, m.max]).toEqual([
    w.min,
    w.p50,
    w.p75,
    w.p90,
    w.p99,
    w.p999,
    w.p9999,
    w.max,
  ]);
}

const DYADIC = 2 ** -20;

/**
 * Dyadic resolutions make every grid edge a multiple of 2^-20 s, so samples land on edges as
 * often as inside cells and every float sum is exact (the merged sum is compared bit for bit).
 * Values run past 100000 × resolution into Fortio's overflow cell.
 */
const dyadicCase = fc
  .record({
    resolution: fc.constantFrom(2 ** -10, 2 ** -13, 2 ** -16),
    generators: fc.integer({ min: 1, max: 6 }),
    raw: fc.array(
      fc.oneof(
        fc.integer({ min: 1, max: 2 ** 16 }),
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.constantFrom(...FORTIO_BUCKET_VALUES.slice(1)).map((v) => -v),
      ),
      { minLength: 1, maxLength: 400 },
    ),
    owner: fc.array(fc.nat(), { minLength: 400, maxLength: 400 }),
  })
  .map(({ resolution, generators, raw, owner }) => ({
    resolution,
    generators,
    owner,
    // A negative draw means "exactly on grid edge v" (in units of 2^-20 s).
    samples: raw.map((k) => (k < 0 ? resolution * -k : k * DYADIC)),
  }));

/** Fortio's own resolutions, with samples on edges and within its 1e-12 epsilon of them. */
const fortioCase = fc
  .record({
    resolution: fc.constantFrom(0.001, 0.0001, 0.00001),
    generators: fc.integer({ min: 2, max: 5 }),
    raw: fc.array(
      fc.oneof(
        fc.double({ min: 1e-6, max: 20, noNaN: true }),
        fc.record({
          v: fc.constantFrom(...FORTIO_BUCKET_VALUES.slice(1)),
          nudge: fc.constantFrom(0, 1e-16, -1e-16, 1e-13, 1e-10),
        }),
      ),
      { minLength: 1, maxLength: 300 },
    ),
    owner: fc.array(fc.nat(), { minLength: 300, maxLength: 300 }),
  })
  .map(({ resolution, generators, raw, owner }) => ({
    resolution,
    generators,
    owner,
    samples: raw.map((r) =>
      typeof r === "number" ? r : Math.max(1e-9, resolution * r.v * (1 + r.nudge)),
    ),
  }));

describe("merging several generators' histograms (issue 25)", () => {
  it("equals Fortio's histogram of all the samples, bit for bit (dyadic samples, exact sums)", () => {
    fc.assert(
      fc.property(dyadicCase, ({ resolution, generators, owner, samples }) => {
        const parts = shares(samples, owner, generators, resolution);
        const merged = mergeHistograms(parts, { fortioResolution: resolution });
        expectSameStatistics(merged, recordLikeFortio(samples, resolution), true);
      }),
      { numRuns: 300 },
    );
  });

  it("equals it too at Fortio's usual resolutions, on edges and inside its epsilon", () => {
    fc.assert(
      fc.property(fortioCase, ({ resolution, generators, owner, samples }) => {
        const parts = shares(samples, owner, generators, resolution);
        const merged = mergeHistograms(parts, { fortioResolution: resolution });
        expectSameStatistics(merged, recordLikeFortio(samples, resolution), false);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps a stddev of near-equal samples within rounding (a counterexample CI found)", () => {
    const samples = [0.000001, 0.000001, 0.0000010000000000000019];
    const parts = shares(samples, [1, 0, 0], 2, 0.001);
    const merged = mergeHistograms(parts, { fortioResolution: 0.001 });
    expectSameStatistics(merged, recordLikeFortio(samples, 0.001), false);
  });

  it("gives the bootstrap's quantiles the same numbers as the merged histogram", () => {
    fc.assert(
      fc.property(dyadicCase, ({ resolution, generators, owner, samples }) => {
        const parts = shares(samples, owner, generators, resolution);
        const pooler = createPooler(parts, { fortioResolution: resolution });
        const whole = recordLikeFortio(samples, resolution);
        const q = pooler.quantiles(
          parts.map(() => 1),
          PS,
        );
        expect(q.values).toEqual(PS.map((p) => percentileFromHistogram(whole, p)));
      }),
      { numRuns: 100 },
    );
  });

  it("keeps a generator whose minimum sits exactly on a grid edge in that edge's cell", () => {
    // Generator a's fastest request took exactly 2 ms: Fortio files it under ]1 ms, 2 ms].
    const a = recordLikeFortio([0.002, 0.0035, 0.0035], 0.001);
    const b = recordLikeFortio([0.0015, 0.0012], 0.001);
    expect(a.buckets[0]).toEqual({ start: 0.002, end: 0.002, count: 1 });
    const merged = mergeHistograms([a, b], { fortioResolution: 0.001 });
    const whole = recordLikeFortio([0.002, 0.0035, 0.0035, 0.0015, 0.0012], 0.001);
    expect(merged.buckets).toEqual(whole.buckets);
    expect(merged.buckets[0]).toEqual({ start: 0.0012, end: 0.002, count: 3 });
  });

  it("reads each exported bucket's cell as Fortio recorded it", () => {
    fc.assert(
      fc.property(fortioCase, ({ resolution, samples }) => {
        const h = recordLikeFortio(samples, resolution);
        const cells = [...new Set(samples.map((v) => fortioCellOf(v, resolution)))].sort(
          (x, y) => x - y,
        );
        expect(fortioBucketCells(h, resolution)).toEqual(cells);
      }),
    );
  });

  it("falls back to the edge grid for a histogram that is not a Fortio export", () => {
    const odd: THistogram = {
      count: 2,
      min: 0.0011,
      max: 0.0017,
      sum: 0.0028,
      buckets: [{ start: 0.0011, end: 0.0017, count: 2 }],
    };
    const two: THistogram = {
      ...odd,
      buckets: [...odd.buckets, { start: 0.0017, end: 0.0017, count: 0 }],
    };
    expect(fortioBucketCells(two, 0.001)).toBeNull();
    expect(mergeHistograms([odd, two], { fortioResolution: 0.001 }).count).toBe(4);
  });
});
