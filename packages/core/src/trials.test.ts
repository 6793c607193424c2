import type { TTrialRecord } from "@meshbench/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emptyLatencySummary } from "./stats/percentiles";
import {
  cellKey,
  countingTrials,
  groupByCell,
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

describe("the cell of a variant at a load level (the one key, the one grouping)", () => {
  it("keys a cell as a trial key without its repetition", () => {
    expect(cellKey(coordinates)).toBe("nginx/qps-500/c8/p0/http1/ka");
    expect(trialKey(coordinates)).toBe(`${cellKey(coordinates)}/rep2`);
  });

  it("groups trials by cell in first-seen order, keeping their order, whatever the repetition", () => {
    const at = (variant: string, requestedQps: number | null, repetition: number) =>
      record({ ...coordinates, variant, requestedQps, repetition, id: `${variant}${repetition}` });
    const trials = [at("b", 500, 1), at("a", 500, 1), at("b", 100, 1), at("b", 500, 2)];
    const cells = [...groupByCell(trials).values()];
    expect(cells.map((c) => c.key)).toEqual([
      "b/qps-500/c8/p0/http1/ka",
      "a/qps-500/c8/p0/http1/ka",
      "b/qps-100/c8/p0/http1/ka",
    ]);
    expect(cells[0]!.trials.map((t) => t.id)).toEqual(["b1", "b2"]);
    expect(cells[2]!).toMatchObject({
      variant: "b",
      level: levelOf({ ...coordinates, requestedQps: 100 }),
    });
  });

  it("property: every trial lands in exactly the cell its own key names", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            variant: fc.constantFrom("a", "b", "c"),
            requestedQps: fc.constantFrom(100, 500, null),
            connections: fc.constantFrom(1, 8),
            repetition: fc.integer({ min: 1, max: 5 }),
          }),
          { maxLength: 40 },
        ),
        (picks) => {
          const trials = picks.map((p) => ({ ...coordinates, ...p }));
          const cells = groupByCell(trials);
          expect([...cells.values()].reduce((n, c) => n + c.trials.length, 0)).toBe(trials.length);
          for (const [key, cell] of cells)
            for (const t of cell.trials) expect(cellKey(t)).toBe(key);
        },
      ),
    );
  });
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

  it("leaves a trial whose load generator was the bottleneck out of deltas and load curves", () => {
    const generator = {
      code: "load_generator_saturated",
      severity: "invalid" as const,
      message: "load generator saturated: it used 97m of 100m",
    };
    const t = record({ summary, actualQps: 300, validityFlags: [shortfall, generator] });
    expect(trialStanding(t)).toMatchObject({
      countsForLatency: false,
      onLoadCurve: false,
      exclusion: "load_generator_saturated",
      reason: generator.message,
    });
    expect(loadCurveTrials([t])).toEqual([]);
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
