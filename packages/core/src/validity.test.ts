import type { TTrialResult } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { assessTrialValidity, finerResolution } from "./validity";
import { fixtureTrial } from "./test-support/fortio-fixtures";

const codes = (t: TTrialResult, opts = {}) =>
  assessTrialValidity(t, opts).map((f) => `${f.code}:${f.severity}`);

describe("assessTrialValidity", () => {
  it("finds nothing wrong with a clean 0.1 ms-resolution matrix trial", () => {
    expect(assessTrialValidity(fixtureTrial("fortio/matrix/baseline-qps500-c8-rep1.json"))).toEqual(
      [],
    );
  });

  it("flags Fortio's default 1 ms resolution under a sub-millisecond p50", () => {
    const flags = assessTrialValidity(fixtureTrial("fortio/baseline-qps500-c10.json"));
    expect(flags.map((f) => f.code)).toEqual(["coarse_resolution"]);
    expect(flags[0]!.message).toMatch(/resolution 1\.00 ms is too coarse for p50 0\.531 ms/);
    expect(flags[0]!.message).toContain("fortio -r 0.0001 ");
  });

  it("suggests a resolution fine enough for the p50 it saw, not a fixed 0.1 ms", () => {
    const t = fixtureTrial("fortio/matrix/baseline-qps500-c8-rep1.json");
    // The same trial had it been recorded on a faster cluster: p50 0.2 ms at 0.1 ms.
    const fast = {
      ...t,
      histogram: {
        ...t.histogram!,
        buckets: [{ start: 0.00015, end: 0.0002, count: 1000 }],
        min: 0.00015,
        max: 0.0002,
      },
    };
    const flag = assessTrialValidity(fast).find((f) => f.code === "coarse_resolution");
    expect(flag?.message).toMatch(/resolution 0\.100 ms is too coarse for p50 0\.200 ms/);
    expect(flag?.message).toContain("fortio -r 0.00005 ");
    expect(assessTrialValidity({ ...fast, resolutionSeconds: 0.00005 })).toEqual([]);
    expect(finerResolution(0.048e-3)).toBe("0.00002");
    expect(finerResolution(0.13275e-3)).toBe("0.0001");
    expect(finerResolution(0.5e-3)).toBe("0.0005");
    expect(finerResolution(0.001)).toBe("0.001");
  });

  it("reads coarseness off the buckets when the resolution is unknown (gRPC results have none)", () => {
    const t = fixtureTrial("fortio/baseline-grpcping-qps500-c10.json");
    expect(t.resolutionSeconds).toBeNull();
    expect(codes(t)).toEqual(["coarse_resolution:warning"]);
  });

  it("invalidates a QPS shortfall below 95% of requested", () => {
    const t = { ...fixtureTrial("fortio/matrix/nginx-qps1000-c8-rep1.json"), actualQps: 900 };
    expect(codes(t)).toEqual(["qps_shortfall:invalid"]);
    expect(codes({ ...t, actualQps: 951 })).toEqual([]);
    expect(codes({ ...t, requestedQps: null })).toEqual([]);
  });

  it("grades errors: above 1% invalid, up to 1% a warning", () => {
    const t = fixtureTrial("fortio/matrix/nginx-qps1000-c8-rep1.json");
    expect(codes({ ...t, errorCount: 267, requestCount: 2500 })).toEqual(["errors:invalid"]);
    expect(codes({ ...t, errorCount: 25, requestCount: 2500 })).toEqual(["errors:warning"]);
  });

  it("invalidates too few samples for a p99", () => {
    const t = fixtureTrial("fortio/matrix/nginx-qps1000-c8-rep1.json");
    expect(codes({ ...t, requestCount: 99 })).toEqual(["too_few_samples:invalid"]);
    expect(codes({ ...t, requestCount: 40 }, { minSamples: 10 })).toEqual([]);
  });

  it("warns when warm-up was not discarded (caller says so, or meta does)", () => {
    const t = fixtureTrial("fortio/matrix/nginx-qps1000-c8-rep1.json");
    expect(codes(t, { warmupDiscarded: false })).toEqual(["warmup_not_discarded:warning"]);
    expect(codes({ ...t, meta: { warmupDiscarded: false } })).toEqual([
      "warmup_not_discarded:warning",
    ]);
    expect(codes(t, { warmupDiscarded: true })).toEqual([]);
  });

  it("warns that summary-only trials cannot be pooled", () => {
    const t = {
      ...fixtureTrial("fortio/matrix/nginx-qps1000-c8-rep1.json"),
      histogram: null,
      loadGenerator: "wrk" as const,
    };
    expect(codes(t)).toEqual(["summary_only:warning"]);
  });
});
