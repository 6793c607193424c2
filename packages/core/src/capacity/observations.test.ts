import type { TTrialRecord } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { emptyLatencySummary } from "../stats/percentiles";
import { probeObservationOf, probeObservationsOf } from "./observations";

const record = (over: Partial<TTrialRecord>): TTrialRecord => ({
  variant: "ambient",
  requestedQps: 1000,
  connections: 8,
  payloadBytes: 0,
  protocol: "http1",
  keepAlive: true,
  repetition: 2,
  id: "t1",
  key: "k",
  sequence: 1,
  status: "succeeded",
  failureReason: null,
  loadGenerator: "fortio",
  summaryOnly: true,
  resolutionSeconds: null,
  validityFlags: [],
  actualQps: 900,
  durationSeconds: 30,
  requestCount: 1000,
  errorCount: 5,
  summary: { ...emptyLatencySummary(), p99: 0.012 },
  histogram: null,
  ...over,
});

describe("capacity observations from stored trials", () => {
  it("reads a saturated trial as an observation (it fails the SLO), not as a gap", () => {
    expect(probeObservationOf(record({}))).toEqual({
      variant: "ambient",
      requestedQps: 1000,
      repetition: 2,
      actualQps: 900,
      p99Seconds: 0.012,
      errorRate: 0.005,
      loadGeneratorBound: false,
    });
  });

  it("marks a trial whose load generator was the bottleneck", () => {
    const flag = { code: "load_generator_saturated", severity: "invalid" as const, message: "lg" };
    expect(probeObservationOf(record({ validityFlags: [flag] }))?.loadGeneratorBound).toBe(true);
  });

  it("skips trials that did not succeed or have no rates, so the search asks for them again", () => {
    const out = probeObservationsOf([
      record({ status: "failed" }),
      record({ actualQps: null }),
      record({ requestedQps: null }),
      record({ summary: null }),
    ]);
    expect(out).toHaveLength(1);
    expect(out[0]?.p99Seconds).toBeNull();
  });
});
