import type { TTrialResult } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { GeneratorMergeError, mergeGeneratorResults } from "./merge-generators";
import { summarizeHistogram } from "./percentiles";
import { mulberry32 } from "./prng";
import { recordLikeFortio } from "../test-support/fortio-recorder";

const RESOLUTION = 0.0001;

/** One generator's Fortio result for these latencies, over `seconds` from `startedAt`. */
function result(samples: number[], startedAt: string, seconds: number, connections: number) {
  const histogram = recordLikeFortio(samples, RESOLUTION);
  const errors = Math.floor(samples.length / 100);
  const r: TTrialResult = {
    loadGenerator: "fortio",
    runType: "HTTP",
    labels: "",
    startedAt,
    requestedQps: samples.length / seconds,
    requestedDurationSeconds: seconds,
    actualQps: samples.length / seconds,
    actualDurationSeconds: seconds,
    connections,
    requestCount: samples.length,
    errorCount: errors,
    retCodes: { "200": samples.length - errors, ...(errors ? { "503": errors } : {}) },
    resolutionSeconds: RESOLUTION,
    protocol: "http1",
    keepAlive: true,
    payloadBytes: 0,
    histogram,
    summary: summarizeHistogram(histogram),
    meta: {},
  };
  return r;
}

const latencies = (seed: number, n: number) => {
  const rng = mulberry32(seed);
  return Array.from({ length: n }, () => 0.0004 + 0.003 * rng() ** 3);
};

describe("one trial from several load generators' results", () => {
  const a = latencies(1, 3000);
  const b = latencies(2, 2000);
  const ra = result(a, "2026-01-01T00:00:00.000Z", 30, 4);
  const rb = result(b, "2026-01-01T00:00:00.400Z", 30, 4);

  it("merges the histograms exactly and recomputes the summary from them", () => {
    const merged = mergeGeneratorResults([ra, rb]);
    const whole = recordLikeFortio([...a, ...b], RESOLUTION);
    expect(merged.histogram?.buckets).toEqual(whole.buckets);
    const s = merged.summary;
    const w = summarizeHistogram(whole);
    expect([s.min, s.p50, s.p90, s.p99, s.p999, s.p9999, s.max]).toEqual([
      w.min,
      w.p50,
      w.p90,
      w.p99,
      w.p999,
      w.p9999,
      w.max,
    ]);
  });

  it("adds counts, codes, rates and connections, and keeps each generator's own numbers", () => {
    const merged = mergeGeneratorResults([ra, rb]);
    expect(merged).toMatchObject({
      requestCount: 5000,
      errorCount: 50,
      retCodes: { "200": 4950, "503": 50 },
      connections: 8,
      startedAt: "2026-01-01T00:00:00.000Z",
    });
    expect(merged.actualQps).toBeCloseTo(100 + 200 / 3, 9);
    expect(merged.requestedQps).toBeCloseTo(ra.requestedQps! + rb.requestedQps!, 9);
    expect(merged.actualDurationSeconds).toBeCloseTo(30.4, 9);
    expect(merged.meta["window"]).toEqual({ unionSeconds: 30.4, overlapSeconds: 29.6 });
    const generators = merged.meta["generators"] as { requestCount: number }[];
    expect(generators.map((g) => g.requestCount)).toEqual([3000, 2000]);
  });

  it("keeps an unthrottled trial unthrottled and an unknown window unknown", () => {
    const merged = mergeGeneratorResults([{ ...ra, requestedQps: null, startedAt: null }, rb]);
    expect(merged.requestedQps).toBeNull();
    expect(merged.meta["window"]).toBeNull();
    expect(merged.actualDurationSeconds).toBe(30);
  });

  it("refuses results that cannot be one trial's", () => {
    expect(() => mergeGeneratorResults([])).toThrow(GeneratorMergeError);
    expect(() => mergeGeneratorResults([ra, { ...rb, resolutionSeconds: 0.001 }])).toThrow(
      /resolutionSeconds/,
    );
    expect(() => mergeGeneratorResults([ra, { ...rb, protocol: "h2" }])).toThrow(/protocol/);
    expect(() => mergeGeneratorResults([ra, { ...rb, histogram: null }])).toThrow(
      GeneratorMergeError,
    );
  });
});
