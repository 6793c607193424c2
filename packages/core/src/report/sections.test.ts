import type { TLoadPoint } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { resolveSections } from "./sections";

const point = (requestedQps: number | null, connections = 8): TLoadPoint => ({
  variant: "baseline",
  levelKey: `qps-${requestedQps ?? "max"}/c${connections}/p0/http1/ka`,
  requestedQps,
  connections,
  achievedQps: requestedQps ?? 5000,
  errorRate: 0,
  stats: {
    avg: 0.001,
    p50: 0.001,
    p75: 0.001,
    p90: 0.002,
    p99: 0.002,
    p999: 0.003,
    p9999: 0.003,
    max: 0.004,
  },
});

const data = (loadCurve: TLoadPoint[]) => ({
  levels: [],
  loadCurve,
  resources: [],
});

describe("resolveSections", () => {
  it("shows the curves across load levels only when there are two fixed-QPS levels to join", () => {
    expect(resolveSections(undefined, data([point(100)]))).toEqual(["percentiles", "resources"]);
    expect(resolveSections(undefined, data([point(100), point(100, 64)]))).toEqual([
      "percentiles",
      "latency-vs-connections",
      "resources",
    ]);
    expect(resolveSections(undefined, data([point(100), point(500)]))).toEqual([
      "percentiles",
      "latency-vs-qps",
      "load-curves",
      "resources",
    ]);
  });

  it("keeps a template's own choice, each section once", () => {
    expect(
      resolveSections(["load-curves", "percentiles", "load-curves"], data([point(100)])),
    ).toEqual(["load-curves", "percentiles"]);
  });
});
