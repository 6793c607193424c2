import { describe, expect, it } from "vitest";
import { ZRunRule } from "./methodology";
import { STATISTIC_LABELS, STATISTICS, ZComparisonStatistic } from "./comparison";
import { ZTrialRecord } from "./run";
import { ZLatencySummary, type TLatencySummary } from "./trial-result";

const before: Record<string, number | null> = {
  min: 0.0001,
  avg: 0.0005,
  p50: 0.0004,
  p75: 0.0006,
  p90: 0.0008,
  p99: 0.0012,
  p999: 0.003,
  max: 0.004,
  stddev: null,
};

describe("p99.99 among the statistics", () => {
  it("comes between p99.9 and max, written p99.99", () => {
    expect(STATISTICS).toEqual(["avg", "p50", "p75", "p90", "p99", "p999", "p9999", "max"]);
    expect(STATISTIC_LABELS.p9999).toBe("p99.99");
    expect(Object.keys(STATISTIC_LABELS)).toEqual([...STATISTICS]);
    expect(ZComparisonStatistic.parse("p9999")).toBe("p9999");
  });

  it("can judge the run rule", () => {
    expect(ZRunRule.parse({ dropWorst: 1, by: "p9999" })).toEqual({ dropWorst: 1, by: "p9999" });
  });
});

describe("ZLatencySummary", () => {
  it("reads a summary stored before p99.99 existed, with p9999 null", () => {
    const parsed: TLatencySummary = ZLatencySummary.parse(before);
    expect(parsed).toEqual({ ...before, p9999: null });
    expect(ZTrialRecord.shape.summary.parse(before)).toEqual({ ...before, p9999: null });
  });

  it("keeps p9999 when present, and refuses a non-number", () => {
    expect(ZLatencySummary.parse({ ...before, p9999: 0.0035 }).p9999).toBe(0.0035);
    expect(ZLatencySummary.parse({ ...before, p9999: null }).p9999).toBeNull();
    expect(ZLatencySummary.safeParse({ ...before, p9999: "3.5ms" }).success).toBe(false);
  });
});
