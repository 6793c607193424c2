import { ZBenchmarkDefinition } from "@meshbench/contracts";
import type { ClusterGateway } from "@meshbench/k8s";
import { readFixture } from "@meshbench/testing/fixtures";
import { describe, expect, it } from "vitest";
import { chooseGenerators, describeAutoGenerators } from "./auto-generators";

const def = ZBenchmarkDefinition.parse({
  key: "k",
  name: "n",
  target: { kind: "fortio-echo" },
  variants: [{ name: "baseline", mesh: "baseline" }],
  loadMatrix: { qps: [500, 3000], connections: [8] },
  methodology: { loadGenerators: "auto" },
});

type TrialInput = Parameters<ClusterGateway["startTrial"]>[0];
type TrialHandle = Awaited<ReturnType<ClusterGateway["startTrial"]>>;

/** Fortio's result of one generator that achieved `qps` (a real result, its rate rewritten). */
const result = (qps: number) =>
  JSON.stringify({ ...JSON.parse(readFixture("fortio/baseline-qps100-c1.json")), ActualQPS: qps });

/**
 * A cluster where each generator sends at most `perGenerator` QPS and the target at most
 * `targetMax`: records what the probe started and how the Deployment was scaled.
 */
function fakeCluster(perGenerator: number, targetMax = Infinity) {
  const started: TrialInput[] = [];
  const scaled: number[] = [];
  const gateway = {
    startTrial: (input: TrialInput): Promise<TrialHandle> => {
      started.push(input);
      const n = input.generators ?? 1;
      return Promise.resolve({
        namespace: input.namespace,
        name: `probe-${n}`,
        runs: Array.from({ length: n }, (_, i) => ({ pod: `lg-${i}`, runId: i, resultId: "r" })),
        endsAt: 0,
        resumed: false,
      });
    },
    waitForTrial: () => Promise.resolve({ status: "succeeded" as const }),
    readTrialResults: (h: TrialHandle) => {
      const share = (input: TrialInput) =>
        (input.coordinates.requestedQps ?? Infinity) / h.runs.length;
      const input = started.at(-1)!;
      const each = Math.min(perGenerator, share(input), targetMax / h.runs.length);
      return Promise.resolve(h.runs.map(() => result(each)));
    },
    scaleLoadGenerators: (_ns: string, n: number) => Promise.resolve(void scaled.push(n)),
    abandonTrial: () => Promise.resolve(),
  } as unknown as ClusterGateway;
  return { gateway, started, scaled };
}

const choose = (gateway: ClusterGateway, maxGenerators?: number) =>
  chooseGenerators({
    runId: "r1",
    def,
    variant: "baseline",
    prepared: { namespace: "mb-r1-baseline", problem: null },
    gateway,
    requestHeaders: () => Promise.resolve([]),
    shouldStop: () => Promise.resolve(false),
    log: () => undefined,
    ...(maxGenerators ? { maxGenerators } : {}),
  });

describe("chooseGenerators (auto load generators, driven by the worker)", () => {
  it("adds generators at the heaviest load until the rate is reached, split and scaled", async () => {
    const c = fakeCluster(1100);
    const choice = await choose(c.gateway);
    expect(choice.generators).toBe(3);
    expect(choice.decision).toBe("reached");
    expect(c.started.map((s) => [s.generators, s.coordinates.requestedQps])).toEqual([
      [1, 3000],
      [2, 3000],
      [3, 3000],
    ]);
    expect(c.started.every((s) => s.definition.durationSeconds === 5)).toBe(true);
    expect(c.scaled).toEqual([2, 3]);
    expect(describeAutoGenerators("baseline", choice)).toEqual({
      "generators baseline": "3 (auto: reached; probes 1 → 1100 QPS, 2 → 2200 QPS, 3 → 3000 QPS)",
    });
  });

  it("scales back to the last count that helped when the target stops the rise", async () => {
    const c = fakeCluster(1000, 2040);
    const choice = await choose(c.gateway);
    expect(choice).toMatchObject({ generators: 2, decision: "no_rise" });
    expect(c.scaled).toEqual([2, 3, 2]);
  });

  it("stops at the cap a cluster sets", async () => {
    const c = fakeCluster(500);
    expect(await choose(c.gateway, 2)).toMatchObject({ generators: 2, decision: "cap" });
  });
});
