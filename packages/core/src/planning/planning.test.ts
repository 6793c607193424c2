import { ZBenchmarkDefinition, type TBenchmarkDefinitionInput } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { mulberry32 } from "../stats/prng";
import {
  countTrials,
  estimateRunSeconds,
  expandLoadCells,
  expandTrials,
  planTrials,
  trialTimeoutSeconds,
} from ".";

const input: TBenchmarkDefinitionInput = {
  key: "echo",
  name: "Echo",
  target: { kind: "fortio-echo" },
  variants: [
    { name: "baseline", mesh: "baseline" },
    { name: "sidecar", mesh: "istio-sidecar" },
    { name: "ambient", mesh: "istio-ambient" },
  ],
  loadMatrix: { qps: [100, "max"], connections: [8, 16] },
  repetitions: 3,
  durationSeconds: 30,
  warmupSeconds: 5,
};
const def = ZBenchmarkDefinition.parse(input);
const label = (t: {
  coordinates: {
    variant: string;
    requestedQps: number | null;
    connections: number;
    repetition: number;
  };
}) =>
  `${t.coordinates.variant}/${t.coordinates.requestedQps ?? "max"}/${t.coordinates.connections}/${t.coordinates.repetition}`;

describe("expanding a benchmark", () => {
  it("turns the matrix into cells, 'max' into null QPS", () => {
    const cells = expandLoadCells(def.loadMatrix);
    expect(cells).toHaveLength(4);
    expect(cells[2]).toEqual({
      requestedQps: null,
      connections: 8,
      payloadBytes: 0,
      protocol: "http1",
      keepAlive: true,
    });
  });

  it("drops duplicate matrix entries", () => {
    expect(expandLoadCells({ ...def.loadMatrix, qps: [100, 100] })).toHaveLength(2);
  });

  it("has variants × cells × repetitions trials, each unique", () => {
    const trials = expandTrials(def);
    expect(trials).toHaveLength(36);
    expect(countTrials(def)).toBe(36);
    expect(new Set(trials.map((t) => JSON.stringify(t))).size).toBe(36);
  });
});

describe("interleaving", () => {
  it("round-robin runs every variant once per block, repetitions in order", () => {
    const plan = planTrials(def, { mode: "round-robin" });
    expect(plan.slice(0, 4).map(label)).toEqual([
      "baseline/100/8/1",
      "sidecar/100/8/1",
      "ambient/100/8/1",
      "baseline/100/16/1",
    ]);
    expect(plan.map((t) => t.sequence)).toEqual(plan.map((_, i) => i));
    expect(plan.at(-1)?.coordinates.repetition).toBe(3);
  });

  it("randomised blocks keep each block complete and are reproducible from the seed", () => {
    const a = planTrials(def, { mode: "randomized-blocks", rng: mulberry32(7) });
    const b = planTrials(def, { mode: "randomized-blocks", rng: mulberry32(7) });
    const c = planTrials(def, { mode: "randomized-blocks", rng: mulberry32(8) });
    expect(a.map(label)).toEqual(b.map(label));
    expect(a.map(label)).not.toEqual(c.map(label));
    for (let block = 0; block < 12; block++) {
      const members = a.filter((t) => t.block === block);
      expect(members.map((t) => t.coordinates.variant).sort()).toEqual([
        "ambient",
        "baseline",
        "sidecar",
      ]);
      expect(new Set(members.map((t) => t.sequence)).size).toBe(3);
      expect(
        Math.max(...members.map((t) => t.sequence)) - Math.min(...members.map((t) => t.sequence)),
      ).toBe(2);
    }
    expect(new Set(a.map(label)).size).toBe(36);
  });

  it("never lets one variant's drift window run ahead: each variant's k-th trial lies in block k", () => {
    const plan = planTrials(def, { mode: "randomized-blocks", rng: mulberry32(1) });
    for (const v of ["baseline", "sidecar", "ambient"]) {
      plan.filter((t) => t.coordinates.variant === v).forEach((t, k) => expect(t.block).toBe(k));
    }
  });
});

describe("estimates", () => {
  it("adds measured time, warm-up and overheads", () => {
    const overheads = { perTrialSeconds: 5, perVariantSeconds: 40, perRunSeconds: 20 };
    expect(estimateRunSeconds(def, overheads)).toBe(36 * (30 + 5 + 5) + 3 * 40 + 20);
  });

  it("derives a trial timeout unless one is set", () => {
    expect(trialTimeoutSeconds(def)).toBe(Math.ceil(35 * 1.5) + 120);
    expect(
      trialTimeoutSeconds({ ...def, methodology: { ...def.methodology, trialTimeoutSeconds: 9 } }),
    ).toBe(9);
  });
});
