import type { TLatencySummary, TTrialRecord } from "@meshbench/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emptyLatencySummary } from "../stats/percentiles";
import { trialKey } from "../trials";
import { applyRunRule, repetitionStatsOf, withoutDroppedRuns } from "./run-rule";

const summary = (max: number, p99 = max / 2): TLatencySummary => ({
  ...emptyLatencySummary(),
  avg: p99 / 4,
  p50: p99 / 4,
  p75: p99 / 3,
  p90: p99 / 2,
  p99,
  p999: p99,
  p9999: p99,
  max,
});

function trial(
  variant: string,
  repetition: number,
  s: TLatencySummary | null,
  over: Partial<TTrialRecord> = {},
): TTrialRecord {
  const c = {
    variant,
    requestedQps: 100,
    connections: 10,
    payloadBytes: 0,
    protocol: "http1" as const,
    keepAlive: true,
    repetition,
    ...over,
  };
  return {
    ...c,
    id: `${variant}-${repetition}`,
    key: trialKey(c),
    sequence: repetition,
    status: "succeeded",
    failureReason: null,
    loadGenerator: "fortio",
    summaryOnly: true,
    resolutionSeconds: null,
    validityFlags: [],
    actualQps: c.requestedQps ?? 1000,
    durationSeconds: 10,
    requestCount: 1000,
    errorCount: 0,
    summary: s,
    histogram: null,
    ...over,
  };
}

describe("applyRunRule (C: 6 runs, the worst by max dropped)", () => {
  it("drops the repetition with the highest max and says so", () => {
    const maxes = [0.01, 0.012, 0.011, 0.05, 0.009, 0.013];
    const trials = maxes.map((m, i) => trial("istio", i + 1, summary(m)));
    const out = applyRunRule(trials, { dropWorst: 1, by: "max" });
    expect(out.kept.map((t) => t.repetition)).toEqual([1, 2, 3, 5, 6]);
    expect(out.cells).toHaveLength(1);
    expect(out.cells[0]).toMatchObject({ total: 6, kept: 5, variant: "istio" });
    expect(out.cells[0]!.dropped).toEqual([{ key: trials[3]!.key, repetition: 4, value: 0.05 }]);
    expect(out.cells[0]!.sentence).toBe("5 of 6 runs, worst by max dropped: run 4");
  });

  it("judges by the named statistic, not by max", () => {
    const trials = [
      trial("a", 1, summary(0.5, 0.01)),
      trial("a", 2, summary(0.01, 0.2)),
      trial("a", 3, summary(0.02, 0.02)),
    ];
    expect(applyRunRule(trials, { dropWorst: 1, by: "p99" }).cells[0]!.dropped[0]!.repetition).toBe(
      2,
    );
    expect(applyRunRule(trials, { dropWorst: 1, by: "max" }).cells[0]!.dropped[0]!.repetition).toBe(
      1,
    );
    // "mean" reads the repetition's avg.
    expect(
      applyRunRule(trials, { dropWorst: 1, by: "mean" }).cells[0]!.dropped[0]!.repetition,
    ).toBe(2);
  });

  it("judges by p99.99 when asked: the worst p99.99, not the worst max", () => {
    const trials = [
      trial("a", 1, { ...summary(0.5), p9999: 0.03 }),
      trial("a", 2, { ...summary(0.5), p9999: 0.09 }),
      trial("a", 3, { ...summary(0.5), p9999: 0.01 }),
    ];
    const out = applyRunRule(trials, { dropWorst: 1, by: "p9999" });
    expect(out.cells[0]!.dropped).toEqual([{ key: trials[1]!.key, repetition: 2, value: 0.09 }]);
    expect(out.cells[0]!.sentence).toBe("2 of 3 runs, worst by p9999 dropped: run 2");
    // The maxima tie, so by max the later repetition goes.
    expect(applyRunRule(trials, { dropWorst: 1, by: "max" }).cells[0]!.dropped[0]!.repetition).toBe(
      3,
    );
  });

  it("works per cell: each variant × level drops its own worst", () => {
    const trials = [
      trial("a", 1, summary(0.1)),
      trial("a", 2, summary(0.2)),
      trial("b", 1, summary(0.9)),
      trial("b", 2, summary(0.3)),
      trial("a", 1, summary(0.4), { requestedQps: 200 }),
      trial("a", 2, summary(0.3), { requestedQps: 200 }),
    ];
    const out = applyRunRule(trials, { dropWorst: 1, by: "max" });
    expect(out.cells.map((c) => [c.variant, c.levelKey, c.dropped[0]!.repetition])).toEqual([
      ["a", "qps-100/c10/p0/http1/ka", 2],
      ["b", "qps-100/c10/p0/http1/ka", 1],
      ["a", "qps-200/c10/p0/http1/ka", 1],
    ]);
    expect(out.kept).toHaveLength(3);
  });

  it("breaks ties deterministically: the later repetition goes, whatever the input order", () => {
    const trials = [1, 2, 3].map((r) => trial("a", r, summary(0.1)));
    const a = applyRunRule(trials, { dropWorst: 1, by: "max" });
    const b = applyRunRule([...trials].reverse(), { dropWorst: 1, by: "max" });
    expect(a.cells[0]!.dropped[0]!.repetition).toBe(3);
    expect(b.cells[0]!.dropped).toEqual(a.cells[0]!.dropped);
  });

  it("never drops the last repetition, and prefers repetitions that have the statistic", () => {
    const out = applyRunRule([trial("a", 1, summary(0.1)), trial("a", 2, summary(0.2))], {
      dropWorst: 5,
      by: "max",
    });
    expect(out.kept.map((t) => t.repetition)).toEqual([1]);
    expect(out.cells[0]!.sentence).toBe("1 of 2 runs, worst by max dropped: run 2");
    const withNull = applyRunRule(
      [
        trial("a", 1, { ...summary(0.1), max: null }),
        trial("a", 2, summary(0.05)),
        trial("a", 3, summary(0.02)),
      ],
      { dropWorst: 1, by: "max" },
    );
    expect(withNull.cells[0]!.dropped[0]!.repetition).toBe(2);
  });

  it("leaves out trials that do not count before judging (a failed run is not a dropped one)", () => {
    const trials = [
      trial("a", 1, summary(0.1)),
      trial("a", 2, summary(9), { status: "failed" }),
      trial("a", 3, summary(0.3)),
      trial("a", 4, summary(0.2)),
    ];
    const out = applyRunRule(trials, { dropWorst: 1, by: "max" });
    expect(out.cells[0]).toMatchObject({ total: 3, kept: 2 });
    expect(out.cells[0]!.dropped[0]!.repetition).toBe(3);
  });

  it("with dropWorst 0 keeps every counting trial and states it", () => {
    const trials = [trial("a", 1, summary(0.1)), trial("a", 2, summary(0.2))];
    const out = applyRunRule(trials, { dropWorst: 0, by: "max" });
    expect(out.kept).toEqual(trials);
    expect(out.cells[0]!.sentence).toBe("2 of 2 runs, none dropped");
  });

  it("property: kept + dropped = counting, each cell keeps max(1, n − k), the dropped are never better", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.001, max: 1, noNaN: true }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 10 }),
        (maxes, k) => {
          const trials = maxes.map((m, i) => trial("a", i + 1, summary(m)));
          const out = applyRunRule(trials, { dropWorst: k, by: "max" });
          const cell = out.cells[0]!;
          expect(cell.kept).toBe(Math.max(1, maxes.length - k));
          expect(out.kept.length + cell.dropped.length).toBe(maxes.length);
          const worstKept = Math.max(...out.kept.map((t) => t.summary!.max!));
          for (const d of cell.dropped) expect(d.value!).toBeGreaterThanOrEqual(worstKept);
        },
      ),
    );
  });
});

describe("repetitionStatsOf", () => {
  it("reads every statistic of the repetition's summary", () => {
    const s = repetitionStatsOf(trial("a", 1, summary(0.4, 0.2)));
    expect(s).toEqual({
      avg: 0.05,
      p50: 0.05,
      p75: 0.2 / 3,
      p90: 0.1,
      p99: 0.2,
      p999: 0.2,
      p9999: 0.2,
      max: 0.4,
    });
    expect(repetitionStatsOf(trial("a", 1, null)).max).toBeNull();
  });
});

describe("withoutDroppedRuns (verdicts judge what the report shows)", () => {
  it("removes only the dropped repetitions and keeps non-counting ones for the verdict to list", () => {
    const failed = trial("a", 4, summary(9), { status: "failed" });
    const trials = [
      trial("a", 1, summary(0.1)),
      trial("a", 2, summary(0.5)),
      trial("a", 3, summary(0.2)),
      failed,
    ];
    expect(
      withoutDroppedRuns(trials, { dropWorst: 1, by: "max" }).map((t) => t.repetition),
    ).toEqual([1, 3, 4]);
    expect(withoutDroppedRuns(trials, undefined)).toEqual(trials);
  });
});
