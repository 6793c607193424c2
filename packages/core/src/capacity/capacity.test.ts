import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { capacityResults, capacityShares } from "./result";
import { nextCapacityProbes } from "./search";
import type { CapacitySearchConfig, ProbeObservation, ProbeTrial } from "./types";

const slo = { p99Seconds: 0.01, maxErrorRate: 0.001 };

const config = (over: Partial<CapacitySearchConfig> = {}): CapacitySearchConfig => ({
  slo,
  variants: ["baseline", "ambient"],
  baseline: "baseline",
  startQps: 500,
  precision: 0.05,
  repetitions: 3,
  budgetTrials: 200,
  ...over,
});

type Model = (t: ProbeTrial) => ProbeObservation;

/** p99 = SLO · (q / capacity)^γ: monotone, exactly at the SLO at the capacity. */
const curve =
  (
    capacities: Record<string, number>,
    gamma = 2,
    jitter: (t: ProbeTrial) => number = () => 1,
  ): Model =>
  (t) => ({
    ...t,
    actualQps: t.requestedQps,
    errorRate: 0,
    p99Seconds:
      slo.p99Seconds * (t.requestedQps / (capacities[t.variant] ?? 1)) ** gamma * jitter(t),
  });

function run(c: CapacitySearchConfig, model: Model): ProbeObservation[] {
  const obs: ProbeObservation[] = [];
  for (let step = nextCapacityProbes(c, obs); !step.done; step = nextCapacityProbes(c, obs))
    obs.push(...step.trials.map(model));
  return obs;
}

describe("capacity search: the state machine", () => {
  it("starts at the start QPS, interleaving repetitions across variants", () => {
    const step = nextCapacityProbes(config(), []);
    expect(step.trials.map((t) => `${t.variant}@${t.requestedQps}#${t.repetition}`)).toEqual([
      "baseline@500#1",
      "ambient@500#1",
      "baseline@500#2",
      "ambient@500#2",
      "baseline@500#3",
      "ambient@500#3",
    ]);
  });

  it("doubles until a failure, then bisects; finishes a half-run probe first", () => {
    const c = config({ variants: ["baseline"] });
    const m = curve({ baseline: 1650 });
    const obs = [500, 1000, 2000].flatMap((q) =>
      [1, 2, 3].map((r) => m({ variant: "baseline", requestedQps: q, repetition: r })),
    );
    expect(nextCapacityProbes(c, obs).variants[0]).toMatchObject({
      lastPass: 1000,
      firstFail: 2000,
      nextQps: 1500,
    });
    const half = [...obs, m({ variant: "baseline", requestedQps: 1500, repetition: 2 })];
    expect(nextCapacityProbes(c, half).trials.map((t) => t.repetition)).toEqual([1, 3]);
  });

  it("decides a probe by majority (default) or by all repetitions", () => {
    const noisy = curve({ baseline: 1000 }, 2, (t) => (t.repetition === 1 ? 2 : 1));
    const obs = [1, 2, 3].map((r) =>
      noisy({ variant: "baseline", requestedQps: 800, repetition: r }),
    );
    const majority = nextCapacityProbes(config({ variants: ["baseline"] }), obs);
    const all = nextCapacityProbes(config({ variants: ["baseline"], rule: "all" }), obs);
    expect(majority.variants[0]?.lastPass).toBe(800);
    expect(all.variants[0]?.firstFail).toBe(800);
  });

  it("stops at maxQps with 'at least', below minQps with 'below minimum', and on budget", () => {
    const strong = run(config({ variants: ["baseline"], maxQps: 3000 }), curve({ baseline: 1e6 }));
    expect(
      capacityResults(config({ variants: ["baseline"], maxQps: 3000 }), strong)[0],
    ).toMatchObject({
      status: "at_least",
      capacityQps: 3000,
      interval: [3000, null],
    });
    const weak = config({ variants: ["baseline"], minQps: 100 });
    expect(capacityResults(weak, run(weak, curve({ baseline: 10 })))[0]).toMatchObject({
      status: "below_minimum",
      capacityQps: null,
      interval: null,
    });
    const tight = config({ budgetTrials: 13 });
    const obs = run(tight, curve({ baseline: 1650, ambient: 1420 }));
    expect(obs.length).toBe(12);
    expect(capacityResults(tight, obs).map((r) => r.status)).toEqual([
      "budget_exhausted",
      "budget_exhausted",
    ]);
  });

  it("ends within precision and within budget for any monotone latency curve (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 50_000 }),
        fc.integer({ min: 10, max: 5_000 }),
        fc.double({ min: 0.01, max: 0.3, noNaN: true }),
        fc.double({ min: 0.3, max: 5, noNaN: true }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 400 }),
        (capacity, startQps, precision, gamma, repetitions, budgetTrials) => {
          const c = config({
            variants: ["v"],
            baseline: "v",
            startQps,
            precision,
            repetitions,
            budgetTrials,
          });
          const obs = run(c, curve({ v: capacity }, gamma));
          expect(obs.length).toBeLessThanOrEqual(budgetTrials);
          const [r] = capacityResults(c, obs);
          if (r?.status !== "converged") return;
          const { lastPass, firstFail } = r.bracket;
          expect(lastPass).not.toBeNull();
          expect(firstFail).not.toBeNull();
          expect(lastPass!).toBeLessThanOrEqual(capacity);
          expect(firstFail!).toBeGreaterThan(capacity);
          expect(firstFail! - lastPass! <= Math.max(1, precision * lastPass!)).toBe(true);
        },
      ),
    );
  });

  it("converges whenever the budget covers the bracketing and bisection steps (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 50_000 }),
        fc.integer({ min: 10, max: 5_000 }),
        (capacity, startQps) => {
          const c = config({
            variants: ["v"],
            baseline: "v",
            startQps,
            repetitions: 3,
            budgetTrials: 3 * 40,
          });
          const [r] = capacityResults(c, run(c, curve({ v: capacity })));
          expect(r?.status).toBe("converged");
        },
      ),
    );
  });
});

describe("capacity interval under run-to-run noise", () => {
  it("holds the median repetition's capacity whenever the search converged (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 200, max: 20_000 }),
        fc.array(fc.double({ min: 0.7, max: 1.3, noNaN: true }), { minLength: 3, maxLength: 3 }),
        fc.double({ min: 0.5, max: 4, noNaN: true }),
        (capacity, jitters, gamma) => {
          const c = config({ variants: ["v"], baseline: "v", startQps: 300 });
          const model = curve({ v: capacity }, gamma, (t) => jitters[t.repetition - 1] ?? 1);
          const [r] = capacityResults(c, run(c, model));
          // Repetition r meets the SLO up to capacity · jitter^(−1/γ); the majority rule follows the median.
          const perRep = jitters.map((j) => capacity * j ** (-1 / gamma)).sort((a, b) => a - b);
          const median = perRep[1]!;
          if (r?.status !== "converged") return;
          const [low, high] = r.interval!;
          expect(low).toBeLessThanOrEqual(median);
          expect(high!).toBeGreaterThan(median);
        },
      ),
    );
  });
});

describe("capacity with an interval, and the share of baseline kept", () => {
  const jitter = (t: ProbeTrial) => [0.9, 1, 1.1][t.repetition - 1] ?? 1;
  const c = config();
  const results = capacityResults(c, run(c, curve({ baseline: 1650, ambient: 1420 }, 2, jitter)));

  it("reports the highest passing probe, inside an interval holding bracket and repetitions", () => {
    for (const [r, truth] of [
      [results[0], 1650],
      [results[1], 1420],
    ] as const) {
      expect(r?.status).toBe("converged");
      const [low, high] = r!.interval!;
      expect(r!.capacityQps!).toBeLessThanOrEqual(truth);
      expect(low).toBeLessThanOrEqual(r!.bracket.lastPass!);
      expect(high!).toBeGreaterThanOrEqual(r!.bracket.firstFail!);
      expect(r!.repetitionCapacities).toHaveLength(3);
      expect(low).toBeLessThan(truth);
      expect(high!).toBeGreaterThan(truth);
    }
  });

  it("says how much of baseline capacity a variant keeps", () => {
    const [share] = capacityShares(results, "baseline");
    expect(share?.share).toBeCloseTo(1420 / 1650, 1);
    expect(share?.interval?.[0]).toBeLessThan(share!.share!);
    expect(share?.interval?.[1]).toBeGreaterThan(share!.share!);
    expect(share?.sentence).toMatch(/^ambient keeps \d+% of baseline capacity \(\d+–\d+%\)$/);
    expect(
      capacityShares([{ ...results[1]!, capacityQps: null }, results[0]!], "ambient")[0]?.sentence,
    ).toBe("baseline: no capacity to compare");
  });
});

describe("capacity search bound by the load generator (issue 25)", () => {
  /** The target holds 1,650 QPS at the SLO, but the generator cannot drive more than 1,200. */
  const generatorCapped: Model = (t) => {
    const bound = t.requestedQps > 1200;
    return {
      ...curve({ baseline: 1650 })(t),
      actualQps: bound ? 1200 : t.requestedQps,
      loadGeneratorBound: bound,
    };
  };

  it("stops at the generator's limit and reports only a lower bound", () => {
    const c = config({ variants: ["baseline"] });
    const obs = run(c, generatorCapped);
    const [r] = capacityResults(c, obs);
    expect(r).toMatchObject({
      status: "load_generator_bound",
      capacityQps: 1000,
      bracket: { lastPass: 1000, firstFail: 2000 },
    });
    expect(r?.interval?.[1]).toBeNull();
    // No bisecting under a failure that says nothing about the target.
    expect(new Set(obs.map((o) => o.requestedQps))).toEqual(new Set([500, 1000, 2000]));
  });

  it("searches on when a generator-bound repetition is outvoted by passing ones", () => {
    const c = config({ variants: ["baseline"] });
    const m: Model = (t) => ({
      ...curve({ baseline: 1650 })(t),
      loadGeneratorBound: t.repetition === 1 && t.requestedQps === 1000,
      actualQps: t.repetition === 1 && t.requestedQps === 1000 ? 500 : t.requestedQps,
    });
    const [r] = capacityResults(c, run(c, m));
    expect(r?.status).toBe("converged");
  });

  it("says so when the target failed the SLO on its own first", () => {
    const c = config({ variants: ["baseline"] });
    const m: Model = (t) => ({
      ...curve({ baseline: 800 })(t),
      loadGeneratorBound: false,
    });
    expect(capacityResults(c, run(c, m))[0]?.status).toBe("converged");
  });
});
