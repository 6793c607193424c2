import { describe, expect, it } from "vitest";
import { ZClusterCaps } from "@meshbench/contracts";
import {
  capacityCeilingFor,
  capViolations,
  maxGeneratorsFor,
  MAX_LOAD_GENERATORS,
  runDemandOf,
} from "./cluster-caps";

const def = (qps: (number | "max")[], extra: object = {}) => ({
  loadMatrix: {
    qps,
    connections: [8],
    payloadBytes: [0],
    protocols: ["http1" as const],
    keepAlive: [true],
  },
  durationSeconds: 30,
  methodology: { loadGenerators: 2 },
  ...extra,
});

describe("runDemandOf", () => {
  it("reads the highest level, generators and trial seconds", () => {
    expect(runDemandOf(def([100, 800, 400]))).toEqual({
      peakQps: 800,
      generators: 2,
      trialSeconds: 30,
    });
    expect(runDemandOf(def([100, "max"])).peakQps).toBe("unbounded");
  });

  it("leaves a capacity search's QPS to its ceiling", () => {
    const capacity = { p99Ms: 10, startQps: 100 } as never;
    expect(runDemandOf(def([100], { capacity })).peakQps).toBeNull();
  });
});

describe("capViolations", () => {
  const demand = runDemandOf(def([100, 800]));

  it("is empty without caps or within them", () => {
    expect(capViolations({}, demand, 10)).toEqual([]);
    const caps = { maxConcurrentRuns: 2, maxQps: 800, maxGenerators: 2, maxTrialSeconds: 30 };
    expect(capViolations(caps, demand, 1)).toEqual([]);
  });

  it("names every broken cap with its limit and the value asked", () => {
    const caps = { maxConcurrentRuns: 1, maxQps: 500, maxGenerators: 1, maxTrialSeconds: 10 };
    const v = capViolations(caps, demand, 1);
    expect(v.map((x) => [x.cap, x.limit, x.value, x.field])).toEqual([
      ["maxConcurrentRuns", 1, 2, "clusterId"],
      ["maxQps", 500, 800, "loadMatrix.qps"],
      ["maxGenerators", 1, 2, "methodology.loadGenerators"],
      ["maxTrialSeconds", 10, 30, "durationSeconds"],
    ]);
    expect(v[1]!.message).toContain("800 QPS");
    expect(v[1]!.message).toContain("maxQps = 500");
  });

  it('refuses an unbounded "max" level under a QPS cap', () => {
    const v = capViolations({ maxQps: 1000 }, runDemandOf(def(["max"])), 0);
    expect(v).toHaveLength(1);
    expect(v[0]!.value).toBe("max");
  });

  it('holds "auto" generators to maxGeneratorsFor instead of refusing', () => {
    const auto = { ...demand, generators: "auto" as const };
    expect(capViolations({ maxGenerators: 1 }, auto, 0)).toEqual([]);
    expect(maxGeneratorsFor({ maxGenerators: 3 })).toBe(3);
    expect(maxGeneratorsFor({})).toBe(MAX_LOAD_GENERATORS);
    expect(capacityCeilingFor({ maxQps: 700 })).toBe(700);
    expect(capacityCeilingFor({})).toBeUndefined();
  });
});

describe("ZClusterCaps", () => {
  it("takes positive whole numbers only, naming the field", () => {
    for (const bad of [0, -1, 1.5, "5"]) {
      const r = ZClusterCaps.safeParse({ maxQps: bad });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.path).toEqual(["maxQps"]);
    }
    expect(ZClusterCaps.safeParse({ maxQps: 5, bogus: 1 }).success).toBe(false);
  });
});
