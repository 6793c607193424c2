import { describe, expect, it } from "vitest";
import { capacityAtSlo, findSaturationPoint, type SweepPoint } from "./sweeps";

const sweep: SweepPoint[] = [
  { requestedQps: 2000, actualQps: 1999, p99: 0.004 },
  { requestedQps: 500, actualQps: 500, p99: 0.0012 },
  { requestedQps: 1000, actualQps: 999, p99: 0.0015 },
  { requestedQps: 4000, actualQps: 3100, p99: 0.05 },
];

describe("findSaturationPoint", () => {
  it("stops at the latency knee before the rate falls short", () => {
    const r = findSaturationPoint(sweep);
    expect(r.reason).toBe("latency_knee");
    expect(r.saturationPoint?.requestedQps).toBe(2000);
    expect(r.lastSustainable?.requestedQps).toBe(1000);
    expect(r.maxActualQps).toBe(3100);
  });

  it("stops at a QPS shortfall", () => {
    const r = findSaturationPoint(sweep, { latencyKneeFactor: 100 });
    expect(r.reason).toBe("qps_shortfall");
    expect(r.saturationPoint?.requestedQps).toBe(4000);
    expect(r.lastSustainable?.requestedQps).toBe(2000);
  });

  it("reports no saturation when every level holds, and handles no points", () => {
    expect(findSaturationPoint(sweep.slice(1, 3)).saturationPoint).toBeNull();
    expect(findSaturationPoint([])).toEqual({
      saturationPoint: null,
      reason: null,
      lastSustainable: null,
      maxActualQps: null,
    });
  });
});

describe("capacityAtSlo", () => {
  it("interpolates between the last passing and the first failing level", () => {
    const r = capacityAtSlo(sweep, 0.002);
    expect(r.kind).toBe("interpolated");
    expect(r.below?.requestedQps).toBe(1000);
    expect(r.above?.requestedQps).toBe(2000);
    // p99 1.5 ms → 4 ms between 999 and 1999 QPS: 2 ms is 1/5 of the way
    expect(r.qps).toBeCloseTo(999 + 0.2 * 1000, 9);
  });

  it("is at least the highest level when all pass, none when the first fails", () => {
    expect(capacityAtSlo(sweep, 1)).toMatchObject({
      kind: "interpolated",
      below: { requestedQps: 2000 },
    });
    expect(capacityAtSlo(sweep.slice(0, 3), 1)).toMatchObject({ kind: "at_least", qps: 1999 });
    expect(capacityAtSlo(sweep, 0.001)).toMatchObject({ kind: "none", qps: null });
  });
});
