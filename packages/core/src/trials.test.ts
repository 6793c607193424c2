import type { TTrialRecord } from "@meshbench/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emptyLatencySummary } from "./stats/percentiles";
import {
  countingTrials,
  levelKey,
  levelOf,
  loadCurveTrials,
  trialCounts,
  trialKey,
  trialStanding,
} from "./trials";

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

describe("saturated trials in the counting rule", () => {
  const summary = { ...emptyLatencySummary(), p50: 0.001 };
  const shortfall = { code: "qps_shortfall", severity: "invalid" as const, message: "x" };
  it("keeps a shortfall trial for load curves, out of latency deltas, with the reason", () => {
    const t = record({ summary, actualQps: 400, validityFlags: [shortfall] });
    const s = trialStanding(t);
    expect(s).toMatchObject({ countsForLatency: false, onLoadCurve: true, exclusion: "saturated" });
    expect(s.reason).toContain("achieved 400.0 of 500 requested QPS (80.0% < 95.0%)");
    expect(trialCounts(t)).toBe(false);
    expect(loadCurveTrials([t])).toEqual([t]);
  });

  it("treats > 1% errors as saturation, 1% exactly as not", () => {
    const bad = record({ summary, requestCount: 1000, errorCount: 11 });
    const edge = record({ summary, requestCount: 1000, errorCount: 10 });
    expect(trialStanding(bad)).toMatchObject({ exclusion: "saturated", onLoadCurve: true });
    expect(trialStanding(bad).saturation?.causes).toEqual(["errors"]);
    expect(trialStanding(edge)).toMatchObject({ exclusion: null, countsForLatency: true });
  });

  it("lets other invalid flags win: a saturated trial with too few samples is used nowhere", () => {
    const t = record({
      summary,
      actualQps: 10,
      requestCount: 50,
      validityFlags: [shortfall, { code: "too_few_samples", severity: "invalid", message: "few" }],
    });
    expect(trialStanding(t)).toMatchObject({
      exclusion: "invalid",
      reason: "few",
      onLoadCurve: false,
    });
  });

  it("keeps a saturated trial without latency numbers on the load curve; failed ones nowhere", () => {
    expect(trialStanding(record({ actualQps: 100 }))).toMatchObject({ exclusion: "saturated" });
    expect(trialStanding(record({}))).toMatchObject({
      exclusion: "no_numbers",
      onLoadCurve: false,
    });
    expect(trialStanding(record({ status: "failed", failureReason: "oom" }))).toMatchObject({
      exclusion: "not_succeeded",
      reason: "oom",
    });
  });

  it("never counts a saturated trial, for any achieved rate and error count", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 100 }),
        (actual, errors) => {
          const t = record({ summary, actualQps: actual, requestCount: 2000, errorCount: errors });
          const s = trialStanding(t);
          const saturated = actual < 475 || errors > 20;
          expect(s.exclusion === "saturated").toBe(saturated);
          expect(s.countsForLatency).toBe(!saturated);
          expect(s.onLoadCurve).toBe(true);
        },
      ),
    );
  });
});
