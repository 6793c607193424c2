import { describe, expect, it } from "vitest";
import { costPer1000Rps, type UsageSample } from "./cost";

const t0 = Date.parse("2026-11-22T08:00:00Z");
const at = (s: number) => new Date(t0 + s * 1000).toISOString();

const samples: UsageSample[] = [
  // two sidecar pods sampled together: one cost per instant
  { role: "sidecar", cpuMillicores: 200, memoryBytes: 50e6, sampledAt: at(0) },
  { role: "sidecar", cpuMillicores: 100, memoryBytes: 40e6, sampledAt: at(0) },
  { role: "sidecar", cpuMillicores: 400, memoryBytes: 60e6, sampledAt: at(10) },
  { role: "sidecar", cpuMillicores: 300, memoryBytes: 40e6, sampledAt: at(10) },
  { role: "sidecar", cpuMillicores: 250, memoryBytes: 55e6, sampledAt: t0 + 20_000 },
  { role: "sidecar", cpuMillicores: 250, memoryBytes: 45e6, sampledAt: new Date(t0 + 20_000) },
  { role: "app", cpuMillicores: 100, memoryBytes: 20e6, sampledAt: at(5) },
];

describe("costPer1000Rps", () => {
  const cost = costPer1000Rps(samples, 1000);
  const sidecar = cost.roles.find((r) => r.role === "sidecar")!;

  it("sums pods per instant and integrates core-seconds over the window", () => {
    expect(sidecar.instants).toBe(3);
    expect(sidecar.maxCpuMillicores).toBe(700);
    // trapezoids: (300+700)/2·10 s + (700+500)/2·10 s = 11000 m·s = 11 core-seconds
    expect(sidecar.coreSeconds).toBeCloseTo(11, 12);
    expect(sidecar.windowSeconds).toBe(20);
    expect(sidecar.meanCpuMillicores).toBeCloseTo(550, 9);
    expect(sidecar.maxMemoryBytes).toBe(100e6);
    expect(sidecar.meanMemoryBytes).toBeCloseTo(
      (90e6 + 100e6) / 2 / 2 + (100e6 + 100e6) / 2 / 2,
      0,
    );
  });

  it("normalises per 1000 RPS, in millicores and vCPU", () => {
    expect(sidecar.cpuMillicoresPer1000Rps).toBeCloseTo(550, 9);
    expect(sidecar.vcpuPer1000Rps).toBeCloseTo(0.55, 12);
    expect(
      costPer1000Rps(samples, 2000).roles.find((r) => r.role === "sidecar")!.vcpuPer1000Rps,
    ).toBeCloseTo(0.275, 12);
  });

  it("uses a lone sample as the mean, with no core-seconds", () => {
    const app = cost.roles.find((r) => r.role === "app")!;
    expect(app).toMatchObject({
      instants: 1,
      meanCpuMillicores: 100,
      coreSeconds: 0,
      windowSeconds: 0,
    });
  });

  it("totals means and core-seconds over roles; nothing per 1000 RPS at zero load", () => {
    expect(cost.total.meanCpuMillicores).toBeCloseTo(650, 9);
    expect(cost.total.coreSeconds).toBeCloseTo(11, 12);
    expect(costPer1000Rps(samples, 0).total.vcpuPer1000Rps).toBeNull();
  });

  it("rejects unparseable timestamps", () => {
    expect(() =>
      costPer1000Rps([{ role: "x", cpuMillicores: 1, memoryBytes: 1, sampledAt: "yesterday" }], 1),
    ).toThrow(/sampledAt/);
  });
});
