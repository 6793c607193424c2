import { describe, expect, it } from "vitest";
import {
  bootstrapInterval,
  computeDelta,
  pointDelta,
  quantileSorted,
  repetitionStats,
} from "./delta";
import { mulberry32 } from "./prng";
import { formatDeltaWording, formatRelativeDelta, formatSlowerBy } from "../wording";

describe("the seed's wording: no mesh avg 0.89 ms vs ambient 0.80 ms", () => {
  const d = computeDelta([0.00089], [0.0008], { seed: 1 });

  it("is −10.1% relative to baseline, and the baseline is 11% slower", () => {
    expect(d.absolute).toBeCloseTo(-0.00009, 15);
    expect(d.relative).toBeCloseTo(-0.10112, 5);
    expect(formatRelativeDelta(d.relative!)).toBe("\u221210.1%");
    expect(d.slowerSide).toBe("baseline");
    expect(d.slowerByRelative).toBeCloseTo(0.1125, 12);
    expect(formatSlowerBy(d.slowerByRelative!)).toBe("11%");
    expect(formatDeltaWording(d, { baselineLabel: "baseline (no mesh)" })).toBe(
      "\u22120.09 ms, baseline (no mesh) is 11% slower",
    );
  });

  it("has no interval from a single repetition", () => {
    expect(d.notEnoughRepetitions).toBe(true);
    expect(d.interval).toBeNull();
    expect(d.withinNoise).toBeNull();
  });
});

describe("formatDeltaWording", () => {
  it("reads '+0.15 ms, 11% slower' when the variant is slower", () => {
    expect(formatDeltaWording(pointDelta(0.00136, 0.00151))).toBe("+0.15 ms, 11% slower");
  });

  it("says no difference when equal and n/a when unknown", () => {
    expect(formatDeltaWording(pointDelta(0.001, 0.001))).toBe("0.00 ms, no difference");
    expect(formatDeltaWording(pointDelta(null, 0.001))).toBe("n/a");
  });

  it("uses one decimal below 10% and other units on request", () => {
    expect(formatDeltaWording(pointDelta(0.001, 0.001035), { unit: "us", digits: 0 })).toBe(
      "+35 µs, 3.5% slower",
    );
  });
});

describe("computeDelta over per-repetition values", () => {
  it("gives means, mean ± SD and a bootstrap interval", () => {
    const d = computeDelta([1, 1.1, 0.9, 1.05, 0.95], [1.5, 1.6, 1.4, 1.55, 1.45], { seed: 9 });
    expect(d.baseline).toBeCloseTo(1, 12);
    expect(d.variant).toBeCloseTo(1.5, 12);
    expect(d.baselineRepetitions.sd).toBeCloseTo(0.0790569, 6);
    expect(d.interval!.absolute[0]).toBeGreaterThan(0.35);
    expect(d.interval!.absolute[1]).toBeLessThan(0.65);
    expect(d.interval!.relative![0]).toBeGreaterThan(0.3);
    expect(d.withinNoise).toBe(false);
  });

  it("spans 0 when the sides overlap", () => {
    const d = computeDelta([1, 2, 3, 4, 5], [1.5, 2.5, 3.5, 4.5, 0.5], { seed: 2 });
    expect(d.withinNoise).toBe(true);
  });

  it("has null relative values against a zero baseline", () => {
    const d = computeDelta([0, 0, 0], [1, 1, 1], { seed: 2 });
    expect(d.relative).toBeNull();
    expect(d.interval!.relative).toBeNull();
    expect(d.slowerByRelative).toBeNull();
  });
});

describe("helpers", () => {
  it("quantileSorted interpolates like R type 7", () => {
    expect(quantileSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantileSorted([1, 2, 3, 4], 0.025)).toBeCloseTo(1.075, 12);
    expect(quantileSorted([], 0.5)).toBeNaN();
  });

  it("repetitionStats handles 0 and 1 values", () => {
    expect(repetitionStats([])).toEqual({ n: 0, mean: null, sd: null });
    expect(repetitionStats([2])).toEqual({ n: 1, mean: 2, sd: null });
  });
});

describe("bootstrapInterval", () => {
  it("gives the R type 7 quantiles of the sorted draws (selection, not sorting)", () => {
    const rng = mulberry32(11);
    for (const n of [1, 2, 3, 10, 39, 40, 41, 2000]) {
      for (const shape of ["random", "ties", "sorted", "reversed"] as const) {
        const draws = Array.from({ length: n }, (_, i) =>
          shape === "ties"
            ? Math.floor(rng() * 4) / 4
            : shape === "sorted"
              ? i
              : shape === "reversed"
                ? n - i
                : rng() - 0.5,
        );
        const sorted = [...draws].sort((a, b) => a - b);
        const got = bootstrapInterval(draws, draws, 0.95)!;
        const tail = (1 - 0.95) / 2;
        const want = [quantileSorted(sorted, tail), quantileSorted(sorted, 1 - tail)];
        expect(got.absolute).toEqual(want);
        expect(got.relative).toEqual(want);
      }
    }
  });
});
