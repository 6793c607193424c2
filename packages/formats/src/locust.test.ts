import { ZTrialResult } from "@meshbench/contracts";
import { assessTrialValidity } from "@meshbench/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { detectFormat, importResult } from "./detect";
import { ImportError } from "./errors";
import { importLocustCsv, type LocustEndpoint } from "./locust";
import { readFixture } from "./test-support/fixtures";

const stats = readFixture("locust/locust-fortio-echo-u10_stats.csv");
const history = readFixture("locust/locust-fortio-echo-u10_stats_history.csv");
const paired = `${stats}${history}`;

describe("Locust --csv (real run: 10 users on a loopback Fortio echo, 10 s)", () => {
  const t = importLocustCsv(paired);

  it("is a summary-only trial of the Aggregated row, latencies in seconds", () => {
    expect(t).toMatchObject({
      loadGenerator: "locust",
      runType: "HTTP",
      histogram: null,
      requestedQps: null,
      connections: 10,
      requestCount: 910,
      errorCount: 5,
      retCodes: { ok: 905, failed: 5 },
      protocol: "http1",
      startedAt: "2026-11-24T03:49:45.000Z",
    });
    expect(t.summary.avg).toBeCloseTo(2.631470894476269e-3, 15);
    expect(t.summary.min).toBeCloseTo(0.36112800080445595e-3, 15);
    expect(t.summary.max).toBeCloseTo(38.699439999618335e-3, 15);
    expect(t.summary).toMatchObject({ p50: 0.002, p75: 0.003, p90: 0.004, p99: 0.006 });
    expect(t.summary.p999).toBeCloseTo(0.039, 15);
    expect(t.summary.p9999).toBeCloseTo(0.039, 15);
    expect(t.summary.stddev).toBeNull();
    expect(ZTrialResult.parse(t)).toEqual(t);
  });

  it("takes achieved RPS from the steady window of the history (peak users), not the ramp", () => {
    // 100 requests at the first sample with 10 users, 910 eight seconds later.
    expect(t.actualQps).toBeCloseTo(810 / 8, 10);
    expect(t.meta["actualQpsFrom"]).toBe("stats_history steady window");
    expect(t.meta["history"]).toEqual({
      startedAt: "2026-11-24T03:49:45.000Z",
      samples: 10,
      peakUsers: 10,
      steady: { seconds: 8, requests: 810, failures: 5, requestsPerSecond: 101.25 },
    });
    // The whole-run duration stays the stats file's: its requests over its rate.
    expect(t.actualDurationSeconds).toBeCloseTo(910 / 101.01944928230662, 10);
  });

  it("keeps every endpoint's percentiles, RPS and failures in meta", () => {
    const endpoints = t.meta["endpoints"] as LocustEndpoint[];
    expect(endpoints.map((e) => [e.type, e.name, e.requests, e.failures])).toEqual([
      ["GET", "/echo", 680, 0],
      ["GET", "/echo flaky", 230, 5],
    ]);
    const flaky = endpoints[1]!;
    expect(flaky.requestsPerSecond).toBeCloseTo(25.532388280143433, 12);
    expect(flaky.failuresPerSecond).toBeCloseTo(0.5550519191335529, 12);
    expect(flaky.percentiles.map((p) => p.percentile)).toEqual([
      50, 66, 75, 80, 90, 95, 98, 99, 99.9, 99.99, 100,
    ]);
    expect(flaky.percentiles.find((p) => p.percentile === 99)?.value).toBeCloseTo(0.006, 15);
    expect(t.meta["endpoint"]).toBe("Aggregated");
  });

  it("imports one endpoint instead of the Aggregated row when asked", () => {
    const flaky = importLocustCsv(paired, { endpoint: "GET /echo flaky" });
    expect(flaky).toMatchObject({ requestCount: 230, errorCount: 5 });
    expect(flaky.actualQps).toBeCloseTo(25.532388280143433, 12);
    expect(flaky.summary.p50).toBeCloseTo(0.004, 15);
    expect(() => importLocustCsv(paired, { endpoint: "/nope" })).toThrow(
      'Name: no row named "/nope"',
    );
  });

  it("without the history: whole-run RPS, unknown connections", () => {
    const alone = importLocustCsv(stats);
    expect(alone.actualQps).toBeCloseTo(101.01944928230662, 12);
    expect(alone.connections).toBeNull();
    expect(alone.startedAt).toBeNull();
    expect(alone.meta["history"]).toBeUndefined();
  });

  it("is flagged summary-only, with its 0.55% failures as a warning", () => {
    const flags = assessTrialValidity(t).map((f) => [f.code, f.severity]);
    expect(flags).toEqual([
      ["errors", "warning"],
      ["summary_only", "warning"],
    ]);
  });

  it("reads the 20-user run too (twice the rate)", () => {
    const u20 = importLocustCsv(
      readFixture("locust/locust-fortio-echo-u20_stats.csv") +
        readFixture("locust/locust-fortio-echo-u20_stats_history.csv"),
    );
    expect(u20).toMatchObject({ connections: 20, requestCount: 1819, errorCount: 18 });
    expect(u20.actualQps).toBeGreaterThan(180);
    expect(u20.summary.p99).toBeCloseTo(0.013, 15);
    // Locust's own 99.99% column (79 ms), apart from its 99.9% (72 ms) and max (79.27 ms).
    expect(u20.summary.p999).toBeCloseTo(0.072, 15);
    expect(u20.summary.p9999).toBeCloseTo(0.079, 15);
    expect(u20.summary.max).toBeCloseTo(79.266586999438e-3, 15);
  });
});

describe("Locust detection and hostile input", () => {
  it("auto-detects the stats CSV, alone or followed by its history", () => {
    expect(detectFormat(stats)).toBe("locust");
    expect(importResult(paired).loadGenerator).toBe("locust");
    expect(importResult(stats, "locust").requestCount).toBe(910);
  });

  it("explains a history uploaded without its stats", () => {
    expect(() => importResult(history)).toThrow(/_stats_history.csv alone is not a result/);
  });

  it("names the bad cell", () => {
    const bad = stats.replace("\n,Aggregated,910,", "\n,Aggregated,9x0,");
    expect(() => importLocustCsv(bad)).toThrow(
      'stats row 3 (Aggregated).Request Count: must be a non-negative integer, not "9x0"',
    );
    const negative = stats.replace(",Aggregated,910,5,2,", ",Aggregated,910,5,-2,");
    expect(() => importLocustCsv(negative)).toThrow(/Median Response Time: must be a non-negative/);
  });

  it("rejects a missing column and a CSV with several rows but no Aggregated", () => {
    const noRps = stats.replace("Requests/s,", "Rate,");
    expect(() => importLocustCsv(noRps)).toThrow("Requests/s: column is missing");
    const noAggregate = stats.split("\n").slice(0, 3).join("\n");
    expect(() => importLocustCsv(noAggregate)).toThrow("Name: no Aggregated row among 2 rows");
  });

  it("reads quoted names with commas and N/A percentiles of an endpoint without requests", () => {
    const header = stats.split("\n")[0];
    const text = `${header}\nGET,"/q?a=1,b=""2""",0,0,0,0,0,0,0,0.0,0.0,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A\n`;
    const t = importLocustCsv(text);
    expect(t.meta["endpoint"]).toBe('GET /q?a=1,b="2"');
    expect(t.summary).toMatchObject({ p50: null, p99: null, avg: null, max: null });
    expect(t.requestCount).toBe(0);
  });
});

describe("Locust importer on mangled input", () => {
  it("either imports or throws an ImportError naming a field, never anything else", () => {
    fc.assert(
      fc.property(
        fc.nat({ max: paired.length - 1 }),
        fc.nat({ max: 40 }),
        fc.string({ maxLength: 12 }),
        (at, cut, insert) => {
          const text = paired.slice(0, at) + insert + paired.slice(at + cut);
          try {
            expect(ZTrialResult.parse(importLocustCsv(text)).loadGenerator).toBe("locust");
          } catch (error) {
            expect(error).toBeInstanceOf(ImportError);
          }
        },
      ),
      { numRuns: 500, seed: 15 },
    );
  });
});
