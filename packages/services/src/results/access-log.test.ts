import { readFixture } from "@meshbench/testing/fixtures";
import { describe, expect, it } from "vitest";
import { rateSeriesOfRuns } from "./access-log";
import { readTrialResult } from "./record-trial";

const text = readFixture("fortio/access-log/qps50-c2-err503-result.json");
const accessLog = readFixture("fortio/access-log/qps50-c2-err503-access.jsonl");
const result = readTrialResult(text, "fortio");

/** The same run 1.5 s later: every request and the result's start shifted. */
const SHIFT_MS = 1500;
const later = {
  result: {
    ...result,
    startedAt: new Date(Date.parse(result.startedAt!) + SHIFT_MS).toISOString(),
  },
  accessLog: accessLog.replace(
    /"timestamp":(\d+)/g,
    (_, ns: string) => `"timestamp":${BigInt(ns) + BigInt(SHIFT_MS * 1e6)}`,
  ),
};

describe("a trial's series from its generators' access logs", () => {
  it("counts every request and error of the result (Fortio's ok=false are its errors)", () => {
    const read = rateSeriesOfRuns([{ accessLog, result }]);
    if (!("series" in read)) throw new Error(read.problem);
    expect(read.series.requests.reduce((a, b) => a + b, 0)).toBe(result.requestCount);
    expect(read.series.errors.reduce((a, b) => a + b, 0)).toBe(result.errorCount);
    expect(result.errorCount).toBeGreaterThan(0);
  });

  it("keeps two generators where they were in time: counted from the earlier start, summed", () => {
    const one = rateSeriesOfRuns([{ accessLog, result }]);
    const two = rateSeriesOfRuns([{ accessLog, result }, later]);
    if (!("series" in one) || !("series" in two)) throw new Error("no series");
    expect(two.series.requests.reduce((a, b) => a + b, 0)).toBe(2 * result.requestCount);
    expect(two.series.errors.reduce((a, b) => a + b, 0)).toBe(2 * result.errorCount);
    // The later generator's first second falls in the earlier one's second second.
    expect(two.series.requests.length).toBeGreaterThan(one.series.requests.length);
    expect(two.series.requests[0]).toBe(one.series.requests[0]);
  });

  it("refuses logs that do not hold exactly the results' requests", () => {
    const trimmed = accessLog.split("\n").slice(5).join("\n");
    const problem = (r: ReturnType<typeof rateSeriesOfRuns>) => ("problem" in r ? r.problem : null);
    expect(problem(rateSeriesOfRuns([{ accessLog: trimmed, result }]))).toMatch(
      /^records \d+ requests but its result \d+: not the same run$/,
    );
    expect(problem(rateSeriesOfRuns([{ accessLog: "not json", result }, later]))).toMatch(
      /holds no request records/,
    );
  });
});
