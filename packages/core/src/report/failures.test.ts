import type { TTrialRow } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { trialKey } from "../trials";
import { trialFailures } from "./failures";

const row = (
  variant: string,
  requestedQps: number,
  repetition: number,
  status: TTrialRow["status"],
  failureReason: string | null = null,
): TTrialRow => {
  const c = {
    variant,
    requestedQps,
    connections: 8,
    payloadBytes: 0,
    protocol: "http1" as const,
    keepAlive: true,
    repetition,
  };
  return {
    ...c,
    id: trialKey(c),
    key: trialKey(c),
    sequence: 0,
    status,
    failureReason,
    loadGenerator: "fortio",
    summaryOnly: false,
    resolutionSeconds: null,
    validityFlags: [],
    actualQps: null,
    durationSeconds: null,
    requestCount: null,
    errorCount: null,
    summary: null,
  };
};

describe("trialFailures", () => {
  const trials = [
    row("a", 100, 1, "succeeded"),
    row("a", 100, 2, "failed", "no result after 90 s"),
    row("b", 100, 1, "succeeded"),
    row("b", 100, 2, "pending"),
    row("a", 500, 1, "failed"),
  ];

  it("counts failures and groups them by reason, naming each trial", () => {
    const out = trialFailures({ status: "failed", trials });
    expect(out.count).toBe(2);
    expect(out.reasons).toEqual([
      { reason: "no result after 90 s", count: 1, trials: ["a/qps-100/c8/p0/http1/ka/rep2"] },
      { reason: "no reason recorded", count: 1, trials: ["a/qps-500/c8/p0/http1/ka/rep1"] },
    ]);
  });

  it("once finished, lists every cell short of its repetitions, in first-seen order", () => {
    expect(trialFailures({ status: "failed", trials }).incompleteCells).toEqual([
      { variant: "a", levelKey: "qps-100/c8/p0/http1/ka", planned: 2, succeeded: 1 },
      { variant: "b", levelKey: "qps-100/c8/p0/http1/ka", planned: 2, succeeded: 1 },
      { variant: "a", levelKey: "qps-500/c8/p0/http1/ka", planned: 1, succeeded: 0 },
    ]);
  });

  it("while running, only cells with a failed trial lack repetitions (the rest are pending)", () => {
    expect(
      trialFailures({ status: "running", trials }).incompleteCells.map((c) => c.variant),
    ).toEqual(["a", "a"]);
  });
});
