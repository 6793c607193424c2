import { ZTrialResult } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { importFortioJson } from "./fortio";
import { importSmpJson, SMP_VERSION } from "./smp";
import { smpResultOf } from "./smp-export";

const exportSmpJson = (...a: Parameters<typeof smpResultOf>) => JSON.stringify(smpResultOf(...a));
import { readFixture } from "./test-support/fixtures";

describe("SMP export", () => {
  const trial = importFortioJson(readFixture("fortio/matrix/nginx-qps500-c8-rep1.json"));
  interface Exported {
    smp_version: string;
    actual_qps: number;
    start_time?: string;
    latencies_ms: Record<string, number>;
    labels: Record<string, string>;
  }
  const exported = JSON.parse(exportSmpJson(trial)) as Exported;

  it("writes a PerformanceTestResult with latencies in milliseconds and scalar string labels", () => {
    expect(exported.smp_version).toBe(SMP_VERSION);
    expect(exported.actual_qps).toBe(trial.actualQps);
    expect(exported.latencies_ms["p50"]).toBeCloseTo(trial.summary.p50! * 1000, 12);
    expect(exported.latencies_ms["average"]).toBeCloseTo(trial.summary.avg! * 1000, 12);
    expect(Object.keys(exported.latencies_ms)).toEqual([
      "min",
      "average",
      "p50",
      "p90",
      "p99",
      "max",
    ]);
    expect(exported.start_time).toBe(trial.startedAt);
    expect(Object.values(exported.labels).every((v) => typeof v === "string")).toBe(true);
    expect(exported.labels["meshbench.requested_qps"]).toBe("500");
  });

  it("imports back: summary only, with what SMP lacks restored from our labels", () => {
    const back = importSmpJson(exportSmpJson(trial));
    expect(ZTrialResult.parse(back)).toEqual(back);
    expect(back).toMatchObject({
      loadGenerator: "smp",
      histogram: null,
      requestedQps: 500,
      connections: 8,
      requestCount: trial.requestCount,
      errorCount: 0,
      protocol: "http1",
      keepAlive: true,
      labels: trial.labels,
      runType: "HTTP",
      actualDurationSeconds: trial.actualDurationSeconds,
      startedAt: trial.startedAt,
    });
    for (const key of ["min", "avg", "p50", "p90", "p99", "max"] as const) {
      expect(back.summary[key]).toBeCloseTo(trial.summary[key]!, 15);
    }
    expect(back.summary.p75).toBeNull();
    // SMP has no p99.9 or p99.99: the trip through it loses them.
    expect(back.summary.p999).toBeNull();
    expect(back.summary.p9999).toBeNull();
    expect(back.meta["sourceLoadGenerator"]).toBe("fortio");
    // and out again: labels survive the second trip
    expect((JSON.parse(exportSmpJson(back)) as Exported).labels["meshbench.load_generator"]).toBe(
      "fortio",
    );
  });
});

describe("SMP import from other tools", () => {
  it("reads camelCase protobuf JSON, estimates counts it was not given and keeps user labels", () => {
    const t = importSmpJson(
      JSON.stringify({
        smpVersion: "v0.0.1",
        labels: { mesh: "istio", replicas: 3, mtls: true },
        startTime: "2026-01-01T00:00:00Z",
        endTime: "2026-01-01T00:01:00Z",
        latenciesMs: { min: 0.2, average: 1.5, p50: 1.2, p90: 2.5, p99: 4, max: 9 },
        actualQps: 250,
      }),
    );
    expect(t).toMatchObject({
      actualDurationSeconds: 60,
      requestCount: 15000,
      connections: null,
      requestedQps: null,
      labels: "mesh=istio replicas=3 mtls=true",
    });
    expect(t.summary.p99).toBeCloseTo(0.004, 15);
    expect(t.meta).toMatchObject({
      requestCountEstimated: true,
      errorCountUnknown: true,
      smpLabels: { mesh: "istio", replicas: "3", mtls: "true" },
    });
  });
});
