import { ZBenchmarkDefinition } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { countTrials, estimateRunSeconds } from "../planning";
import { trialKey } from "../trials";
import {
  capacityConfigFromEnvironment,
  capacityEnvironmentSection,
  capacitySearchConfigOf,
  CAPACITY_ENVIRONMENT_SECTION,
  probeCoordinates,
} from "./definition";

const def = ZBenchmarkDefinition.parse({
  key: "cap",
  name: "cap",
  target: { kind: "fortio-echo" },
  variants: [
    { name: "ambient", mesh: "istio-ambient" },
    { name: "plain", mesh: "baseline" },
  ],
  loadMatrix: { qps: [100], connections: [16], protocols: ["h2"] },
  capacity: { p99Ms: 25, maxErrorPercent: 0.5, startQps: 300, maxTrials: 24 },
});

describe("a benchmark's capacity block as the search's configuration", () => {
  it("turns percentages into shares and finds the baseline by mesh", () => {
    const c = capacitySearchConfigOf(def, def.capacity!);
    expect(c).toEqual({
      slo: { p99Seconds: 0.025, maxErrorRate: 0.005, minQpsRatio: 0.95 },
      variants: ["ambient", "plain"],
      baseline: "plain",
      startQps: 300,
      precision: 0.05,
      repetitions: 3,
      budgetTrials: 24,
    });
  });

  it("counts the budget as the run's trials (an upper bound: the search may stop sooner)", () => {
    expect(countTrials(def)).toBe(24);
    expect(estimateRunSeconds(def)).toBeGreaterThan(24 * def.durationSeconds);
  });

  it("makes a probe an ordinary trial: its QPS, the matrix's single other values", () => {
    const c = probeCoordinates(def, { variant: "ambient", requestedQps: 450, repetition: 2 });
    expect(trialKey(c)).toBe("ambient/qps-450/c16/p0/h2/ka/rep2");
  });

  it("reads back from a run's environment what it wrote, and nothing from other runs", () => {
    const c = capacitySearchConfigOf(def, def.capacity!);
    const env = { [CAPACITY_ENVIRONMENT_SECTION]: capacityEnvironmentSection(c) };
    expect(
      capacityConfigFromEnvironment(JSON.parse(JSON.stringify(env)) as Record<string, unknown>),
    ).toEqual(c);
    expect(env[CAPACITY_ENVIRONMENT_SECTION].SLO).toBe(
      "p99 ≤ 25 ms, errors ≤ 0.5%, achieved ≥ 95% of requested",
    );
    expect(capacityConfigFromEnvironment({ cluster: {} })).toBeNull();
    expect(capacityConfigFromEnvironment(null)).toBeNull();
    expect(
      capacityConfigFromEnvironment({ [CAPACITY_ENVIRONMENT_SECTION]: { config: "{" } }),
    ).toBeNull();
  });
});
