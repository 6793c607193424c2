import { describe, expect, it } from "vitest";
import { compareVariants } from "./compare";
import { mergeHistograms } from "./merge";
import { summarizeHistogram } from "./percentiles";
import { matrixTrials } from "./test-support/fortio-fixtures";

const stat = (c: ReturnType<typeof compareVariants>, name: string) =>
  c.statistics.find((s) => s.statistic === name)!;

describe("compareVariants on the real 5-repetition matrix (nginx vs baseline)", () => {
  for (const qps of [100, 500, 1000] as const) {
    it(`shows nginx slower at ${qps} QPS with a p50 interval excluding 0`, () => {
      const c = compareVariants(matrixTrials("baseline", qps), matrixTrials("nginx", qps), {
        seed: 7,
      });
      expect(c.method).toBe("pooled-histograms");
      const p50 = stat(c, "p50");
      expect(p50.slowerSide).toBe("variant");
      expect(p50.notEnoughRepetitions).toBe(false);
      expect(p50.interval!.absolute[0]).toBeGreaterThan(0);
      expect(p50.interval!.relative![0]).toBeGreaterThan(0.5);
      expect(p50.withinNoise).toBe(false);
      // README: observed p50 baseline ≈ 0.31–0.48 ms, nginx ≈ 0.62–0.89 ms
      expect(p50.baseline!).toBeGreaterThan(0.00031);
      expect(p50.baseline!).toBeLessThan(0.00048);
      expect(p50.variant!).toBeGreaterThan(0.00062);
      expect(p50.variant!).toBeLessThan(0.00089);
    });
  }

  it("pools histograms for the point estimate and reports per-repetition mean ± SD", () => {
    const baseline = matrixTrials("baseline", 500);
    const nginx = matrixTrials("nginx", 500);
    const c = compareVariants(baseline, nginx, { seed: 1 });
    const pooled = summarizeHistogram(
      mergeHistograms(
        baseline.map((t) => t.histogram!),
        { fortioResolution: 0.0001 },
      ),
    );
    const p99 = stat(c, "p99");
    expect(p99.baseline).toBe(pooled.p99);
    expect(stat(c, "avg").baseline).toBe(pooled.avg);
    const perRep = baseline.map((t) => t.summary.p99!);
    const mean = perRep.reduce((a, b) => a + b, 0) / 5;
    const sd = Math.sqrt(perRep.reduce((a, b) => a + (b - mean) ** 2, 0) / 4);
    expect(p99.baselineRepetitions.n).toBe(5);
    expect(p99.baselineRepetitions.mean).toBeCloseTo(mean, 15);
    expect(p99.baselineRepetitions.sd).toBeCloseTo(sd, 15);
    expect(p99.absolute).toBeCloseTo(p99.variant! - p99.baseline!, 18);
    expect(p99.relative).toBeCloseTo((p99.variant! - p99.baseline!) / p99.baseline!, 15);
  });

  it("marks noisy tails as within noise (baseline p99 ranged 0.86–3.30 ms at 100 QPS)", () => {
    const p99 = stat(
      compareVariants(matrixTrials("baseline", 100), matrixTrials("nginx", 100), { seed: 7 }),
      "p99",
    );
    expect(p99.interval!.absolute[0]).toBeLessThan(0);
    expect(p99.interval!.absolute[1]).toBeGreaterThan(0);
    expect(p99.withinNoise).toBe(true);
  });

  it("is reproducible for a seed and only the interval depends on it", () => {
    const b = matrixTrials("baseline", 1000);
    const v = matrixTrials("nginx", 1000);
    const one = compareVariants(b, v, { seed: 3, iterations: 500 });
    expect(compareVariants(b, v, { seed: 3, iterations: 500 })).toEqual(one);
    const other = compareVariants(b, v, { seed: 4, iterations: 500 });
    expect(stat(other, "p50").baseline).toBe(stat(one, "p50").baseline);
    expect(stat(other, "p50").interval).not.toEqual(stat(one, "p50").interval);
  });

  it("finds no difference between a variant and itself", () => {
    const b = matrixTrials("baseline", 500);
    const p50 = stat(compareVariants(b, b, { seed: 5 }), "p50");
    expect(p50.absolute).toBe(0);
    expect(p50.slowerSide).toBe("equal");
    expect(p50.slowerByRelative).toBe(0);
    expect(p50.withinNoise).toBe(true);
  });

  it("gives no interval with fewer than 3 repetitions on a side", () => {
    const c = compareVariants(
      matrixTrials("baseline", 500).slice(0, 2),
      matrixTrials("nginx", 500),
      { seed: 5 },
    );
    for (const s of c.statistics) {
      expect(s.notEnoughRepetitions).toBe(true);
      expect(s.interval).toBeNull();
      expect(s.withinNoise).toBeNull();
      expect(s.slowerSide).not.toBeNull();
    }
  });

  it("falls back to repetition means when a trial is summary-only", () => {
    const b = matrixTrials("baseline", 500).map((t) => ({ ...t, histogram: null }));
    const v = matrixTrials("nginx", 500);
    const c = compareVariants(b, v, { seed: 5 });
    expect(c.method).toBe("repetition-means");
    const p50 = stat(c, "p50");
    expect(p50.baseline).toBeCloseTo(b.reduce((a, t) => a + t.summary.p50!, 0) / 5, 15);
    expect(p50.interval!.absolute[0]).toBeGreaterThan(0);
  });
});
