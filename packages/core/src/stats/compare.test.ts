import { readFileSync } from "node:fs";
import path from "node:path";
import { STATISTICS, type THistogram, type TTrialResult } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { compareVariants } from "./compare";
import { mergeHistograms } from "./merge";
import { emptyLatencySummary, summarizeHistogram } from "./percentiles";
import { FIXTURES_DIR, fixtureTrial, matrixTrials } from "../test-support/fortio-fixtures";

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

describe("p99.99 in comparisons", () => {
  it("is compared like every statistic, between p99.9 and max", () => {
    const baseline = matrixTrials("baseline", 500);
    const c = compareVariants(baseline, matrixTrials("nginx", 500), { seed: 1 });
    expect(c.statistics.map((s) => s.statistic)).toEqual([...STATISTICS]);
    expect(STATISTICS.indexOf("p9999")).toBe(STATISTICS.indexOf("p999") + 1);
    const pooled = summarizeHistogram(
      mergeHistograms(
        baseline.map((t) => t.histogram!),
        { fortioResolution: 0.0001 },
      ),
    );
    const p9999 = stat(c, "p9999");
    expect(p9999.baseline).toBe(pooled.p9999);
    expect(p9999.baselineRepetitions.n).toBe(5);
    expect(p9999.interval).not.toBeNull();
  });

  /** 10 000 samples: p99.9 at 2 ms, p99.99 at the top of the 9-sample tail, one sample at 1 s. */
  const farOut = (tailStart: number): THistogram => ({
    count: 10_000,
    min: 0.001,
    max: 1,
    sum: 9_990 * 0.0015 + 9 * (tailStart + 0.0005) + 1,
    buckets: [
      { start: 0.001, end: 0.002, count: 9_990 },
      { start: tailStart, end: tailStart + 0.001, count: 9 },
      { start: 0.5, end: 1, count: 1 },
    ],
  });
  const histogramTrial = (h: THistogram): TTrialResult => ({
    ...fixtureTrial("fortio/matrix/baseline-qps500-c8-rep1.json"),
    resolutionSeconds: null,
    requestCount: h.count,
    histogram: h,
    summary: summarizeHistogram(h),
  });

  it("pooled: a slower 9 999th sample shows at p99.99 only, not at p99.9 or max", () => {
    const baseline = [1, 2, 3].map(() => histogramTrial(farOut(0.002)));
    const variant = [1, 2, 3].map(() => histogramTrial(farOut(0.004)));
    const c = compareVariants(baseline, variant, { seed: 1 });
    expect(c.method).toBe("pooled-histograms");
    const p9999 = stat(c, "p9999");
    expect(p9999.baseline).toBeCloseTo(0.003, 15);
    expect(p9999.variant).toBeCloseTo(0.005, 15);
    expect(p9999.absolute).toBeCloseTo(0.002, 15);
    expect(p9999.slowerSide).toBe("variant");
    expect(stat(c, "p999").absolute).toBe(0);
    expect(stat(c, "max").absolute).toBe(0);
  });

  /** The Aggregated row of a real Locust `_stats.csv`, as a summary-only trial (ms → s). */
  const locustTrial = (name: string): TTrialResult => {
    const [header, ...rows] = readFileSync(path.join(FIXTURES_DIR, "locust", name), "utf8")
      .trim()
      .split("\n")
      .map((line) => line.split(","));
    const aggregated = rows.find((r) => r[1] === "Aggregated")!;
    const ms = (column: string) => Number(aggregated[header!.indexOf(column)]) / 1000;
    return {
      ...fixtureTrial("fortio/matrix/baseline-qps500-c8-rep1.json"),
      loadGenerator: "locust",
      resolutionSeconds: null,
      histogram: null,
      summary: {
        ...emptyLatencySummary(),
        p50: ms("50%"),
        p99: ms("99%"),
        p999: ms("99.9%"),
        p9999: ms("99.99%"),
        max: ms("Max Response Time"),
      },
    };
  };

  it("summary-only: the mean of the trials' own p99.99 (Locust's 99.99% column)", () => {
    const u10 = locustTrial("locust-fortio-echo-u10_stats.csv");
    const u20 = locustTrial("locust-fortio-echo-u20_stats.csv");
    const c = compareVariants([u10], [u20], { seed: 1 });
    expect(c.method).toBe("repetition-means");
    const p9999 = stat(c, "p9999");
    expect(p9999.baseline).toBeCloseTo(0.039, 15);
    expect(p9999.variant).toBeCloseTo(0.079, 15);
    expect(p9999.notEnoughRepetitions).toBe(true);
    // 20 users: 99.99% (79 ms) is neither the 99.9% (72 ms) nor the max (79.27 ms).
    expect(stat(c, "p999").variant).toBeCloseTo(0.072, 15);
    expect(stat(c, "max").variant).toBeCloseTo(0.079266586999438, 15);
  });

  it("summary-only trials without p99.99 (stored before it existed) leave it empty", () => {
    const old = (t: TTrialResult): TTrialResult => ({
      ...t,
      histogram: null,
      summary: { ...t.summary, p9999: null },
    });
    const c = compareVariants(matrixTrials("baseline", 500).map(old), matrixTrials("nginx", 500), {
      seed: 1,
    });
    expect(stat(c, "p9999")).toMatchObject({ baseline: null, absolute: null, interval: null });
    expect(stat(c, "p999").baseline).not.toBeNull();
  });
});
