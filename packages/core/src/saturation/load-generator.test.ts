import { describe, expect, it } from "vitest";
import {
  assessLoadGenerator,
  trialCpuMillicores,
  LOAD_GENERATOR_CEILING_SHARE,
  loadGeneratorCeiling,
  type LoadGeneratorEvidence,
} from "./load-generator";

describe("the load generator's CPU ceiling", () => {
  it("is its CPU limit, or the node's allocatable CPU when that is smaller", () => {
    expect(
      loadGeneratorCeiling({ cpuLimitMillicores: 100, nodeAllocatableMillicores: 2000 }),
    ).toEqual({ millicores: 100, source: "limit" });
    expect(
      loadGeneratorCeiling({ cpuLimitMillicores: 4000, nodeAllocatableMillicores: 2000 }),
    ).toEqual({ millicores: 2000, source: "node" });
    expect(
      loadGeneratorCeiling({ cpuLimitMillicores: 500, nodeAllocatableMillicores: null }),
    ).toEqual({ millicores: 500, source: "limit" });
  });

  it("is the node's allocatable CPU without a limit, and unknown without either", () => {
    expect(
      loadGeneratorCeiling({ cpuLimitMillicores: null, nodeAllocatableMillicores: 1500 }),
    ).toEqual({ millicores: 1500, source: "node" });
    expect(
      loadGeneratorCeiling({ cpuLimitMillicores: null, nodeAllocatableMillicores: null }),
    ).toBeNull();
    expect(
      loadGeneratorCeiling({ cpuLimitMillicores: 0, nodeAllocatableMillicores: Number.NaN }),
    ).toBeNull();
  });
});

describe("the generator's CPU over a trial", () => {
  const at = (s: number) => new Date(1_700_000_000_000 + s * 1000);
  it("sums containers read at one instant, then averages the instants", () => {
    expect(
      trialCpuMillicores([
        { cpuMillicores: 60, sampledAt: at(0) },
        { cpuMillicores: 30, sampledAt: at(0) },
        { cpuMillicores: 70, sampledAt: at(5) },
      ]),
    ).toBe(80);
    expect(trialCpuMillicores([])).toBeNull();
  });
});

describe("load_generator_saturated", () => {
  const evidence = (over: Partial<LoadGeneratorEvidence> = {}): LoadGeneratorEvidence => ({
    outcome: { requestedQps: 4000, actualQps: 2100, requestCount: 63_000, errorCount: 0 },
    generatorCpuMillicores: 97,
    ceiling: { millicores: 100, source: "limit" },
    ...over,
  });

  it("flags a generator at its ceiling while the trial fell short and the target did not fail", () => {
    const flag = assessLoadGenerator(evidence());
    expect(flag).toMatchObject({ code: "load_generator_saturated", severity: "invalid" });
    expect(flag?.message).toContain("used 97m of 100m (its CPU limit)");
    expect(flag?.message).toContain("achieving 2100.0 of 4000 requested QPS");
  });

  it("puts the threshold at 80% of the ceiling, inclusive", () => {
    const at = (cpu: number) => assessLoadGenerator(evidence({ generatorCpuMillicores: cpu }));
    expect(LOAD_GENERATOR_CEILING_SHARE).toBe(0.8);
    expect(at(80)).not.toBeNull();
    expect(at(79.9)).toBeNull();
  });

  it("names the node's CPU as the ceiling when there was no limit", () => {
    const flag = assessLoadGenerator(
      evidence({ generatorCpuMillicores: 1900, ceiling: { millicores: 2000, source: "node" } }),
    );
    expect(flag?.message).toContain("1900m of 2000m (its node's allocatable CPU)");
  });

  it("says nothing when the trial reached its rate, or was unthrottled", () => {
    const reached = { requestedQps: 4000, actualQps: 3900, requestCount: 117_000, errorCount: 0 };
    expect(assessLoadGenerator(evidence({ outcome: reached }))).toBeNull();
    const max = { requestedQps: null, actualQps: 2100, requestCount: 63_000, errorCount: 0 };
    expect(assessLoadGenerator(evidence({ outcome: max }))).toBeNull();
  });

  it("says nothing when the target was saturated too: errors above 1%, or its CPU at its limit", () => {
    const failing = { requestedQps: 4000, actualQps: 2100, requestCount: 63_000, errorCount: 700 };
    expect(assessLoadGenerator(evidence({ outcome: failing }))).toBeNull();
    expect(assessLoadGenerator(evidence({ targetCpuShare: 0.95 }))).toBeNull();
    expect(assessLoadGenerator(evidence({ targetCpuShare: 0.5 }))).not.toBeNull();
  });

  it("makes no judgement without the generator's CPU or a ceiling", () => {
    expect(assessLoadGenerator(evidence({ generatorCpuMillicores: null }))).toBeNull();
    expect(assessLoadGenerator(evidence({ ceiling: null }))).toBeNull();
  });
});
