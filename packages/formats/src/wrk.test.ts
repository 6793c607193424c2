import { ZTrialResult } from "@meshbench/contracts";
import {
  assessTrialValidity,
  decodeHistogram,
  encodeHistogram,
  percentilesFromHistogram,
} from "@meshbench/core";
import { describe, expect, it } from "vitest";
import { importWrkText } from "./wrk";
import { readFixture } from "./test-support/fixtures";

describe("wrk --latency", () => {
  const t = importWrkText(readFixture("wrk/wrk-baseline-c10-t2-5s.txt"));

  it("is a summary-only trial with wrk's own numbers, in seconds", () => {
    expect(t).toMatchObject({
      loadGenerator: "wrk",
      runType: "HTTP",
      histogram: null,
      requestedQps: null,
      requestedDurationSeconds: 5,
      actualDurationSeconds: 5.1,
      actualQps: 66314.08,
      connections: 10,
      requestCount: 338162,
      errorCount: 0,
      retCodes: { "2xx/3xx": 338162 },
      protocol: "http1",
    });
    expect(t.summary.avg).toBeCloseTo(569.44e-6, 15);
    expect(t.summary.stddev).toBeCloseTo(1.15e-3, 15);
    expect(t.summary.max).toBeCloseTo(13.75e-3, 15);
    expect(t.summary.p50).toBeCloseTo(108e-6, 15);
    expect(t.summary.p75).toBeCloseTo(438e-6, 15);
    expect(t.summary.p90).toBeCloseTo(1.83e-3, 15);
    expect(t.summary.p99).toBeCloseTo(5.64e-3, 15);
    expect(t.summary.p999).toBeNull();
    expect(t.summary.p9999).toBeNull();
    expect(t.summary.min).toBeNull();
    expect(t.meta).toMatchObject({ format: "wrk", threads: 2, url: "http://127.0.0.1:18080/echo" });
    expect(ZTrialResult.parse(t)).toEqual(t);
    expect(assessTrialValidity(t).map((f) => f.code)).toEqual(["summary_only"]);
  });

  it("imports the proxy run too", () => {
    expect(importWrkText(readFixture("wrk/wrk-proxy-c10-t2-5s.txt")).summary.p50).toBeCloseTo(
      278e-6,
      15,
    );
  });

  it("counts socket errors and non-2xx/3xx responses as errors", () => {
    const text = readFixture("wrk/wrk-baseline-c10-t2-5s.txt").replace(
      "Requests/sec:",
      "  Socket errors: connect 0, read 3, write 0, timeout 2\n  Non-2xx or 3xx responses: 40\nRequests/sec:",
    );
    expect(importWrkText(text)).toMatchObject({
      errorCount: 45,
      retCodes: { "2xx/3xx": 338122, "non-2xx/3xx": 40, "-1": 5 },
    });
  });
});

describe("wrk2 with an HdrHistogram spectrum", () => {
  const t = importWrkText(readFixture("wrk/wrk2-synthetic-r1000-c16-t2-20s.txt"));

  it("becomes a poolable histogram with the rate from the command line", () => {
    expect(t).toMatchObject({
      requestedQps: 1000,
      connections: 16,
      requestCount: 20000,
      errorCount: 12,
      requestedDurationSeconds: 20,
    });
    expect(t.meta["format"]).toBe("wrk2");
    const h = t.histogram!;
    expect(h.count).toBe(20000);
    expect(h.buckets.reduce((a, b) => a + b.count, 0)).toBe(20000);
    expect(h.min).toBeCloseTo(0.168e-3, 15);
    expect(h.max).toBeCloseTo(9.741e-3, 15);
    expect(h.stddev).toBeCloseTo(0.473e-3, 15);
    expect(decodeHistogram(encodeHistogram(h))).toStrictEqual(h);
    expect(assessTrialValidity(t).map((f) => f.code)).toEqual(["errors"]);
  });

  it("reproduces the printed percentile distribution to within the spectrum's resolution", () => {
    const printed = t.meta["reportedPercentiles"] as { percentile: number; value: number }[];
    expect(printed.map((p) => p.percentile)).toEqual([50, 75, 90, 99, 99.9, 99.99, 99.999, 100]);
    for (const { percentile, value } of printed.filter((p) => p.percentile <= 99.99)) {
      const mine = percentilesFromHistogram(t.histogram!, [percentile])[0]!;
      expect(Math.abs(mine - value) / value).toBeLessThan(0.01);
    }
  });

  it("summarises p99.99 from the spectrum: the 19 998th of 20 000 samples, wrk2's printed 5.00ms", () => {
    // 99.99% of 20 000 is sample 19 998, the last one at or below the 5.000 ms spectrum entry.
    expect(t.summary.p9999).toBeCloseTo(5.0e-3, 12);
    expect(t.summary.p999).toBeCloseTo(3.485e-3, 4);
    expect(t.summary.max).toBeCloseTo(9.741e-3, 15);
  });
});
