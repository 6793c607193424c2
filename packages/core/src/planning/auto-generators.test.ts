import { describe, expect, it } from "vitest";
import { autoGeneratorProbe, nextGeneratorCount, type GeneratorProbe } from "./auto-generators";

const probe = (generators: number, actualQps: number, extra: Partial<GeneratorProbe> = {}) => ({
  generators,
  requestedQps: 4000,
  actualQps,
  targetSaturated: false,
  ...extra,
});

describe("nextGeneratorCount (auto load generators)", () => {
  it("starts at one generator", () => {
    expect(nextGeneratorCount([])).toEqual({ next: 1 });
  });

  it("adds a generator while the achieved QPS rises by more than 5%", () => {
    expect(nextGeneratorCount([probe(1, 1000)])).toEqual({ next: 2 });
    expect(nextGeneratorCount([probe(1, 1000), probe(2, 1900)])).toEqual({ next: 3 });
  });

  it("keeps the count before an extra generator stopped helping (≤ 5% rise, the boundary included)", () => {
    expect(nextGeneratorCount([probe(1, 1000), probe(2, 1900), probe(3, 1995)])).toEqual({
      chosen: 2,
      reason: "no_rise",
    });
    expect(nextGeneratorCount([probe(1, 1000), probe(2, 1051)])).toEqual({ next: 3 });
    expect(nextGeneratorCount([probe(1, 1000), probe(2, 1040)], { risePercent: 2 })).toEqual({
      next: 3,
    });
  });

  it("stops once the requested rate is reached (95% of it)", () => {
    expect(nextGeneratorCount([probe(1, 2000), probe(2, 3800)])).toEqual({
      chosen: 2,
      reason: "reached",
    });
    expect(nextGeneratorCount([probe(1, 3990)])).toEqual({ chosen: 1, reason: "reached" });
  });

  it("stops when the target saturated: more generators only measure the target harder", () => {
    expect(nextGeneratorCount([probe(1, 1000), probe(2, 1800, { targetSaturated: true })])).toEqual(
      { chosen: 2, reason: "target_saturated" },
    );
  });

  it("never passes the cap (a cluster's limit, or the matrix's fewest connections)", () => {
    const probes = [probe(1, 500), probe(2, 1000), probe(3, 1500)];
    expect(nextGeneratorCount(probes, { maxGenerators: 3 })).toEqual({ chosen: 3, reason: "cap" });
    expect(nextGeneratorCount([probe(1, 500)], { maxGenerators: 1 })).toEqual({
      chosen: 1,
      reason: "cap",
    });
  });

  it("an unthrottled load is never 'reached': only the rise stops it", () => {
    const max = (g: number, q: number) => probe(g, q, { requestedQps: null });
    expect(nextGeneratorCount([max(1, 9000)])).toEqual({ next: 2 });
    expect(nextGeneratorCount([max(1, 9000), max(2, 9100)])).toEqual({
      chosen: 1,
      reason: "no_rise",
    });
  });
});

describe("autoGeneratorProbe", () => {
  const matrix = (qps: (number | "max")[], connections: number[]) => ({
    loadMatrix: {
      qps,
      connections,
      payloadBytes: [0],
      protocols: ["http1" as const],
      keepAlive: [true],
    },
    capacity: undefined,
  });

  it("probes the heaviest level, capped by the fewest connections", () => {
    const p = autoGeneratorProbe(matrix([100, 800, 400], [4, 16]));
    expect(p.cell).toMatchObject({ requestedQps: 800, connections: 16 });
    expect(p.maxGenerators).toBe(4);
    expect(autoGeneratorProbe(matrix([100], [64]), 8).maxGenerators).toBe(8);
    expect(autoGeneratorProbe(matrix([100], [64])).maxGenerators).toBe(32);
  });

  it("probes unthrottled when the matrix has max", () => {
    expect(autoGeneratorProbe(matrix([100, "max"], [8])).cell.requestedQps).toBeNull();
  });
});
