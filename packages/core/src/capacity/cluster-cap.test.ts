import { describe, expect, it } from "vitest";
import { capacitySearchConfigOf } from "./definition";
import { nextCapacityProbes } from "./search";
import type { ProbeObservation } from "./types";

const def = { variants: [{ name: "baseline" }] } as never;
const capacity = {
  p99Ms: 10,
  maxErrorPercent: 0.1,
  minAchievedPercent: 95,
  startQps: 100,
  precisionPercent: 5,
  repetitionsPerProbe: 1,
  maxTrials: 50,
};

/** A target that passes everything: only a ceiling stops the search. */
function search(clusterCapQps?: number) {
  const config = capacitySearchConfigOf(def, capacity, clusterCapQps);
  const obs: ProbeObservation[] = [];
  let step = nextCapacityProbes(config, obs);
  while (!step.done) {
    obs.push(
      ...step.trials.map((t) => ({
        ...t,
        actualQps: t.requestedQps,
        p99Seconds: 0.001,
        errorRate: 0,
      })),
    );
    step = nextCapacityProbes(config, obs);
  }
  return { step, probed: obs.map((o) => o.requestedQps) };
}

describe("a capacity search under the cluster's QPS cap", () => {
  it("never probes above the cap and stops there, saying so", () => {
    const { step, probed } = search(700);
    expect(Math.max(...probed)).toBe(700);
    expect(probed).toEqual([100, 200, 400, 700]);
    expect(step.variants[0]!.status).toBe("at_cluster_cap");
  });

  it("is the definition's own ceiling when that is lower", () => {
    const config = capacitySearchConfigOf(def, { ...capacity, maxQps: 400 }, 700);
    expect(config.clusterCapQps).toBeUndefined();
    expect(config.maxQps).toBe(400);
  });

  it("runs until the budget without a cap", () => {
    expect(search().step.variants[0]!.status).toBe("budget_exhausted");
  });
});
