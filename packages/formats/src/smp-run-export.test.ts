import type { TRunDetail, TTrialRecord } from "@meshbench/contracts";
import { trialKey } from "@meshbench/core";
import { describe, expect, it } from "vitest";
import { importFortioJson } from "./fortio";
import { smpExport } from "./smp-run-export";
import { readFixture } from "./test-support/fixtures";

const result = importFortioJson(readFixture("fortio/matrix/nginx-qps500-c8-rep1.json"));

const stored = (repetition: number, status: TTrialRecord["status"]): TTrialRecord => {
  const coordinates = {
    variant: "nginx",
    requestedQps: 500,
    connections: 8,
    payloadBytes: 0,
    protocol: "http1" as const,
    keepAlive: true,
    repetition,
  };
  return {
    ...coordinates,
    id: `t${repetition}`,
    key: trialKey(coordinates),
    sequence: repetition,
    status,
    failureReason: status === "failed" ? "no result" : null,
    loadGenerator: "fortio",
    summaryOnly: false,
    resolutionSeconds: result.resolutionSeconds,
    validityFlags: [],
    actualQps: result.actualQps,
    durationSeconds: result.actualDurationSeconds,
    requestCount: result.requestCount,
    errorCount: result.errorCount,
    summary: status === "failed" ? null : result.summary,
    histogram: status === "failed" ? null : result.histogram,
  };
};

describe("smpExport: a run as SMP results", () => {
  it("writes one result per counting trial, named by its key, latencies in milliseconds", () => {
    const run = {
      id: "run1",
      title: "Nginx vs Baseline!",
      trials: [stored(1, "succeeded"), stored(2, "failed")],
    } as TRunDetail;
    const file = smpExport(run);
    expect(file.filename).toBe("meshbench-nginx-vs-baseline-run1-smp.json");
    const body = JSON.parse(file.body) as {
      run: { id: string };
      results: {
        trial: string;
        result: {
          id: string;
          latencies_ms: Record<string, number>;
          labels: Record<string, string>;
        };
      }[];
    };
    expect(body.run.id).toBe("run1");
    expect(body.results.map((r) => r.trial)).toEqual(["nginx/qps-500/c8/p0/http1/ka/rep1"]);
    const [only] = body.results;
    expect(only!.result.id).toBe(only!.trial);
    expect(only!.result.latencies_ms["p99"]).toBeCloseTo(result.summary.p99! * 1000, 12);
    expect(only!.result.labels["meshbench.requested_qps"]).toBe("500");
  });
});
