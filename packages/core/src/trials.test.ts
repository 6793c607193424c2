import type { TTrialRecord } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { emptyLatencySummary } from "./percentiles";
import { countingTrials, levelKey, levelOf, trialCounts, trialKey } from "./trials";

const coordinates = {
  variant: "nginx",
  requestedQps: 500,
  connections: 8,
  payloadBytes: 0,
  protocol: "http1" as const,
  keepAlive: true,
  repetition: 2,
};

const record = (over: Partial<TTrialRecord>): TTrialRecord => ({
  ...coordinates,
  id: "t1",
  key: trialKey(coordinates),
  sequence: 1,
  status: "succeeded",
  failureReason: null,
  loadGenerator: "fortio",
  summaryOnly: true,
  resolutionSeconds: null,
  validityFlags: [],
  actualQps: 500,
  durationSeconds: 5,
  requestCount: 2500,
  errorCount: 0,
  summary: null,
  histogram: null,
  ...over,
});

describe("trial and level keys (the one home)", () => {
  it("keys a trial by variant, level and repetition; a level without them", () => {
    expect(trialKey(coordinates)).toBe("nginx/qps-500/c8/p0/http1/ka/rep2");
    expect(levelKey(coordinates)).toBe("qps-500/c8/p0/http1/ka");
    expect(levelKey({ ...coordinates, requestedQps: null, keepAlive: false })).toBe(
      "qps-max/c8/p0/http1/noka",
    );
    expect(levelOf(coordinates)).toEqual({
      key: "qps-500/c8/p0/http1/ka",
      requestedQps: 500,
      connections: 8,
      payloadBytes: 0,
      protocol: "http1",
      keepAlive: true,
    });
  });
});

describe("which trials count", () => {
  const summary = { ...emptyLatencySummary(), p50: 0.001 };
  it("counts succeeded trials with numbers and no invalid flag; lists the rest out", () => {
    const ok = record({ summary });
    const failed = record({ status: "failed", summary });
    const empty = record({});
    const invalid = record({
      summary,
      validityFlags: [{ code: "qps_shortfall", severity: "invalid", message: "x" }],
    });
    const warned = record({
      summary,
      validityFlags: [{ code: "coarse_resolution", severity: "warning", message: "x" }],
    });
    expect([ok, failed, empty, invalid, warned].map(trialCounts)).toEqual([
      true,
      false,
      false,
      false,
      true,
    ]);
    expect(countingTrials([failed, ok])).toEqual([ok]);
  });
});
