import { describe, expect, it } from "vitest";
import { compareAcrossRuns, MIN_RUNS_PER_SIDE } from "./across-runs";

const series = (values: Record<string, number>) => ({
  label: "baseline @ 100 QPS, 8 conn",
  variant: "baseline",
  points: Object.entries(values).map(([runId, value]) => ({ runId, value })),
});

describe("compareAcrossRuns", () => {
  it("takes one value per run and puts the interval over runs, b − a", () => {
    const s = series({ a1: 1.0, a2: 1.2, a3: 1.1, a4: 0.9, b1: 2.0, b2: 2.2, b3: 2.1, b4: 1.9 });
    const [r] = compareAcrossRuns(
      [s],
      new Set(["a1", "a2", "a3", "a4"]),
      new Set(["b1", "b2", "b3", "b4"]),
      7,
    );
    expect(r!.delta.baseline).toBeCloseTo(1.05);
    expect(r!.delta.variant).toBeCloseTo(2.05);
    expect(r!.delta.absolute).toBeCloseTo(1.0);
    expect(r!.delta.baselineRepetitions.n).toBe(4);
    const [lo, hi] = r!.delta.interval!.absolute;
    expect(lo).toBeGreaterThan(0.8);
    expect(hi).toBeLessThan(1.2);
    expect(lo).toBeLessThanOrEqual(1.0);
    expect(r!.delta.withinNoise).toBe(false);
  });

  it("is wider when the runs on a side disagree (night-to-night spread counts)", () => {
    const a = new Set(["a1", "a2", "a3"]);
    const b = new Set(["b1", "b2", "b3"]);
    const tight = compareAcrossRuns(
      [series({ a1: 1, a2: 1.01, a3: 0.99, b1: 2, b2: 2.01, b3: 1.99 })],
      a,
      b,
      1,
    );
    const loose = compareAcrossRuns(
      [series({ a1: 1, a2: 1.5, a3: 0.5, b1: 2, b2: 2.5, b3: 1.5 })],
      a,
      b,
      1,
    );
    const width = (r: typeof tight) =>
      r[0]!.delta.interval!.absolute[1] - r[0]!.delta.interval!.absolute[0];
    expect(width(loose)).toBeGreaterThan(width(tight) * 10);
  });

  it(`gives no interval below ${MIN_RUNS_PER_SIDE} runs a side, and skips series with no runs`, () => {
    const [r] = compareAcrossRuns(
      [series({ a1: 1, a2: 1, b1: 2, b2: 2, b3: 2 }), { ...series({ x: 1 }), label: "other" }],
      new Set(["a1", "a2"]),
      new Set(["b1", "b2", "b3"]),
      1,
    ).filter((x) => x.label !== "other");
    expect(r!.delta.notEnoughRepetitions).toBe(true);
    expect(r!.delta.interval).toBeNull();
    expect(
      compareAcrossRuns(
        [{ ...series({ x: 1 }), label: "other" }],
        new Set(["a1"]),
        new Set(["b1"]),
        1,
      ),
    ).toEqual([]);
  });
});
