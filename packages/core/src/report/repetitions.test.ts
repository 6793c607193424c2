import type { TTrialRecord } from "@meshbench/contracts";
import { emptyLatencySummary } from "../stats/percentiles";
import { trialKey } from "../trials";
import { describe, expect, it } from "vitest";
import { repetitionReport } from "./repetitions";

function trial(variant: string, requestedQps: number | null, connections: number, repetition = 1) {
  const c = {
    variant,
    requestedQps,
    connections,
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
    status: "succeeded",
    failureReason: null,
    loadGenerator: "fortio",
    summaryOnly: true,
    resolutionSeconds: null,
    validityFlags: [],
    actualQps: requestedQps ?? 5000,
    durationSeconds: 10,
    requestCount: 1000,
    errorCount: 0,
    summary: { ...emptyLatencySummary(), p50: 0.001, max: 0.002 },
    histogram: null,
  } satisfies TTrialRecord;
}

describe("repetitionReport", () => {
  it("lists levels in number order (100, 500, 1000 QPS, max last), not as text", () => {
    const trials = [
      trial("nginx", 1000, 8),
      trial("baseline", 500, 8, 2),
      trial("baseline", null, 8),
      trial("baseline", 100, 8),
      trial("baseline", 500, 8, 1),
      trial("baseline", 1000, 8),
      trial("baseline", 100, 64),
      trial("nginx", 100, 8),
    ];
    const { repetitionRows } = repetitionReport(trials, { dropWorst: 0, by: "max" });
    expect(repetitionRows.map((r) => `${r.variant} ${r.levelKey} rep${r.repetition}`)).toEqual([
      "baseline qps-100/c8/p0/http1/ka rep1",
      "nginx qps-100/c8/p0/http1/ka rep1",
      "baseline qps-500/c8/p0/http1/ka rep1",
      "baseline qps-500/c8/p0/http1/ka rep2",
      "baseline qps-1000/c8/p0/http1/ka rep1",
      "nginx qps-1000/c8/p0/http1/ka rep1",
      "baseline qps-max/c8/p0/http1/ka rep1",
      "baseline qps-100/c64/p0/http1/ka rep1",
    ]);
  });
});
