import { describe, expect, it } from "vitest";
import { levelRoleCosts, type TrialSample } from "./level-cost";

const sample = (
  trialKey: string | null,
  role: string,
  pod: string,
  ms: number,
  cpu: number,
  mem: number,
): TrialSample => ({
  trialKey,
  role,
  pod,
  container: role === "proxy" ? "istio-proxy" : "app",
  cpuMillicores: cpu,
  memoryBytes: mem,
  sampledAt: ms,
});

describe("levelRoleCosts (resources per load level, like the write-ups)", () => {
  // Two proxy pods stamped 250 ms apart, sampled every second, at two levels.
  const trialAt = (key: string, start: number, cpuA: number, cpuB: number) =>
    [0, 1, 2].flatMap((i) => [
      sample(key, "proxy", "echo-a", start + i * 1000, cpuA, 50e6),
      sample(key, "proxy", "echo-b", start + i * 1000 + 250, cpuB, 40e6),
    ]);
  const samples = [
    ...trialAt("low/rep1", 0, 100, 100),
    ...trialAt("low/rep2", 60_000, 140, 60),
    ...trialAt("high/rep1", 120_000, 400, 600),
    sample(null, "proxy", "echo-a", 200_000, 9999, 9e9),
  ];
  const cells = [
    { variant: "istio", levelKey: "low", trialKeys: ["low/rep1", "low/rep2"], achievedQps: 1000 },
    { variant: "istio", levelKey: "high", trialKeys: ["high/rep1"], achievedQps: 4000 },
  ];
  const costs = levelRoleCosts(samples, cells);

  it("sums the pods of a role at each instant, per level", () => {
    const low = costs.find((c) => c.levelKey === "low")!;
    const high = costs.find((c) => c.levelKey === "high")!;
    expect(low.meanCpuMillicores).toBe(200);
    expect(low.maxCpuMillicores).toBe(200);
    expect(low.meanMemoryBytes).toBe(90e6);
    expect(high.meanCpuMillicores).toBe(1000);
    expect(low.trials).toBe(2);
  });

  it("reports the max of any single proxy beside the summed max", () => {
    const high = costs.find((c) => c.levelKey === "high")!;
    expect(high.maxSingleCpuMillicores).toBe(600);
    expect(high.maxSingleMemoryBytes).toBe(50e6);
  });

  it("normalises per 1000 achieved QPS of that level (vCPU and MB)", () => {
    const low = costs.find((c) => c.levelKey === "low")!;
    const high = costs.find((c) => c.levelKey === "high")!;
    expect(low.vcpuPer1000Qps).toBeCloseTo(0.2);
    expect(low.memoryMbPer1000Qps).toBeCloseTo(90);
    expect(high.vcpuPer1000Qps).toBeCloseTo(0.25);
    expect(high.memoryMbPer1000Qps).toBeCloseTo(22.5);
  });

  it("attributes nothing outside trials and gives null per-1000 without a rate", () => {
    expect(costs.every((c) => c.maxCpuMillicores < 9999)).toBe(true);
    const none = levelRoleCosts(samples, [{ ...cells[0]!, achievedQps: null }]);
    expect(none[0]!.vcpuPer1000Qps).toBeNull();
    expect(levelRoleCosts(samples, [{ ...cells[0]!, trialKeys: ["nope"] }])).toEqual([]);
  });

  it("keeps roles apart and sorted", () => {
    const mixed = [
      ...trialAt("low/rep1", 0, 100, 100),
      sample("low/rep1", "ztunnel", "ztunnel-x", 500, 30, 10e6),
    ];
    const out = levelRoleCosts(mixed, [cells[0]!]);
    expect(out.map((c) => [c.role, c.meanCpuMillicores])).toEqual([
      ["proxy", 200],
      ["ztunnel", 30],
    ]);
  });
});
