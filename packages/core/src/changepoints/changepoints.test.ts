import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mulberry32 } from "../stats/prng";
import { bestSplit, detectChangePoints } from "./e-divisive";
import { changePointsBySeries } from "./series";

/** Standard normal draws from a seeded uniform source (Box–Muller). */
const gaussian = (seed: number) => {
  const u = mulberry32(seed);
  return () => Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u());
};
const series = (seed: number, n: number, level: (i: number) => number) => {
  const z = gaussian(seed);
  return Array.from({ length: n }, (_, i) => level(i) + z());
};

describe("bestSplit", () => {
  it("splits a clean step at the step, and needs 2 × minSegment points", () => {
    const xs = [1, 1, 1, 1, 1, 1, 5, 5, 5, 5, 5, 5];
    expect(bestSplit(xs, 3)?.tau).toBe(6);
    expect(bestSplit(xs.slice(0, 5), 3)).toBeNull();
  });

  it("matches the statistic computed from its definition (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 6, maxLength: 60 }),
        (xs) => {
          const naive = (tau: number) => {
            const a = xs.slice(0, tau);
            const b = xs.slice(tau);
            const avg = (p: number[], q: number[], same: boolean) => {
              let s = 0;
              let c = 0;
              p.forEach((x, i) =>
                q.forEach((y, j) => {
                  if (same && j <= i) return;
                  s += Math.abs(x - y);
                  c++;
                }),
              );
              return s / c;
            };
            return (
              ((a.length * b.length) / xs.length) *
              (2 * avg(a, b, false) - avg(a, a, true) - avg(b, b, true))
            );
          };
          const best = bestSplit(xs, 3)!;
          let max = -Infinity;
          for (let t = 3; t <= xs.length - 3; t++) max = Math.max(max, naive(t));
          expect(best.q).toBeCloseTo(max, 8);
        },
      ),
    );
  });
});

describe("E-divisive on repeated values (rounding must not invent changes)", () => {
  it("finds nothing in a constant series of non-integers, and one change in a two-level one", () => {
    const constant = Array.from({ length: 300 }, () => 0.001234567);
    expect(bestSplit(constant, 5)?.q).toBe(0);
    expect(detectChangePoints(constant, { seed: 7 }).changePoints).toEqual([]);
    const twoLevels = constant.map((x, i) => (i >= 180 ? x * 1.7 : x));
    const { changePoints } = detectChangePoints(twoLevels, { seed: 7 });
    expect(changePoints.map((c) => c.index)).toEqual([180]);
  });
});

describe("E-divisive change points", () => {
  it("finds a step anywhere in the series, near where it is (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer({ min: 8, max: 52 }),
        fc.double({ min: 4, max: 8, noNaN: true }),
        (seed, at, shift) => {
          const xs = series(seed, 60, (i) => 100 + (i >= at ? shift : 0));
          const { changePoints } = detectChangePoints(xs, { seed, permutations: 99 });
          const hit = changePoints.find((c) => Math.abs(c.index - at) <= 3);
          expect(hit).toBeDefined();
          expect(hit!.pValue).toBeLessThanOrEqual(0.05);
          expect(hit!.meanAfter - hit!.meanBefore).toBeGreaterThan(0);
        },
      ),
      // Detection is statistical (a 3σ step at 60 points is missed or misplaced now and then), so
      // the cases are drawn from a fixed seed: CI sees the same 40 series every run.
      { numRuns: 40, seed: 20261124 },
    );
  });

  it("finds two steps, lists them in order with their means", () => {
    const xs = series(11, 90, (i) => (i < 30 ? 10 : i < 60 ? 16 : 12));
    const { changePoints } = detectChangePoints(xs, { seed: 5 });
    expect(changePoints.map((c) => c.index)).toEqual([30, 60]);
    expect(changePoints[0]!.relativeChange).toBeCloseTo(0.6, 1);
    expect(changePoints[1]!.meanAfter).toBeCloseTo(12, 0);
  });

  it("is reproducible from its seed and too short a series has none", () => {
    const xs = series(3, 40, (i) => (i < 20 ? 0 : 2));
    expect(detectChangePoints(xs, { seed: 9 })).toEqual(detectChangePoints(xs, { seed: 9 }));
    expect(detectChangePoints([1, 2, 3], { seed: 1 }).changePoints).toEqual([]);
  });

  // Measured: 300 seeded stationary N(0,1) series of 40 points, alpha 0.05, 199 permutations:
  // 12 of 300 (4.0%) had a false change point (log-normal below: 5 of 200, 2.5%; a one-off check
  // on 1,000 other seeds gave 6.0%, within sampling error of 5%). Binomial sd at 5% over 300
  // series is 1.26%; 3 sd allowed.
  it("on stationary series, reports a false change point in at most alpha of them (measured 4.0%)", () => {
    const runs = 300;
    let withFalseAlarm = 0;
    for (let seed = 1; seed <= runs; seed++) {
      const { changePoints } = detectChangePoints(
        series(seed * 7919, 40, () => 0),
        { seed },
      );
      if (changePoints.length > 0) withFalseAlarm++;
    }
    const rate = withFalseAlarm / runs;
    expect(rate).toBeLessThanOrEqual(0.05 + 3 * Math.sqrt((0.05 * 0.95) / runs));
  });

  it("holds alpha on heavy-tailed (log-normal) stationary series too", () => {
    const runs = 200;
    let withFalseAlarm = 0;
    for (let seed = 1; seed <= runs; seed++) {
      const xs = series(seed * 104_729, 40, () => 0).map((x) => Math.exp(x));
      if (detectChangePoints(xs, { seed }).changePoints.length > 0) withFalseAlarm++;
    }
    expect(withFalseAlarm / runs).toBeLessThanOrEqual(0.05 + 3 * Math.sqrt((0.05 * 0.95) / runs));
  });
});

describe("change points per series", () => {
  it("marks the run where each history changed", () => {
    const xs = series(21, 30, (i) => (i < 15 ? 5 : 9));
    const flat = series(22, 30, () => 5);
    const out = changePointsBySeries(
      [
        {
          key: "bench/ambient/qps-500/p99",
          points: xs.map((value, i) => ({ at: `run-${i}`, value })),
        },
        {
          key: "bench/ambient/qps-500/p50",
          points: flat.map((value, i) => ({ at: `run-${i}`, value })),
        },
      ],
      { seed: 1 },
    );
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({
      key: "bench/ambient/qps-500/p99",
      at: "run-15",
      previousAt: "run-14",
      index: 15,
    });
  });
});
