import {
  ZBudgets,
  type TBudgetsInput,
  type THistogram,
  type TTrialRecord,
} from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { mulberry32 } from "../stats/prng";
import { judgeInterval } from "./decide";
import { evaluateVerdict } from "./evaluate-verdict";
import { trendCells, trendValuesOfCells } from "./trend";

/** A 2000-sample histogram of latencies around `medianMs` (100 µs buckets), per-repetition jitter. */
function histogram(medianMs: number, seed: number): THistogram {
  const rng = mulberry32(seed);
  const counts = new Map<number, number>();
  let sum = 0;
  const shift = 1 + (rng() - 0.5) * 0.06;
  for (let i = 0; i < 2000; i++) {
    const v = (medianMs * shift * Math.exp((rng() - 0.5) * 0.6)) / 1e3;
    sum += v;
    const b = Math.floor(v / 1e-4);
    counts.set(b, (counts.get(b) ?? 0) + 1);
  }
  const buckets = [...counts.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([b, count]) => ({ start: b * 1e-4, end: (b + 1) * 1e-4, count }));
  return { count: 2000, min: buckets[0]!.start, max: buckets.at(-1)!.end, sum, buckets };
}

function trial(variant: string, medianMs: number, repetition: number, qps = 500): TTrialRecord {
  const h = histogram(medianMs, repetition * 7919 + Math.round(medianMs * 1000) + qps);
  return {
    id: `t${variant}${repetition}${qps}`,
    key: `${variant}/qps-${qps}/rep${repetition}`,
    sequence: repetition,
    status: "succeeded",
    failureReason: null,
    resolutionSeconds: 0.0001,
    variant,
    requestedQps: qps,
    connections: 8,
    payloadBytes: 0,
    protocol: "http1",
    keepAlive: true,
    repetition,
    loadGenerator: "fortio",
    summaryOnly: false,
    validityFlags: [],
    actualQps: qps,
    durationSeconds: 4,
    requestCount: h.count,
    errorCount: 0,
    summary: null,
    histogram: h,
  };
}

const reps = (variant: string, medianMs: number, n: number, qps = 500) =>
  Array.from({ length: n }, (_, i) => trial(variant, medianMs, i + 1, qps));
const budgets = (input: TBudgetsInput) => ZBudgets.parse(input);
const regression = (maxIncreasePercent = 10) =>
  budgets({
    rules: [
      { kind: "regression", statistic: "p50", reference: { branch: "main" }, maxIncreasePercent },
    ],
  });
const ref = (trials: TTrialRecord[]) => ({ trials, label: "main @ abc123" });

describe("judgeInterval", () => {
  it("passes inside, fails beyond, is inconclusive across the limit", () => {
    expect(judgeInterval([-0.05, 0.08], 0.1)).toBe("pass");
    expect(judgeInterval([0.12, 0.4], 0.1)).toBe("fail");
    expect(judgeInterval([0.05, 0.2], 0.1)).toBe("inconclusive");
    expect(judgeInterval([0.1, 0.1], 0.1)).toBe("pass");
  });
});

describe("evaluateVerdict: regression vs a reference", () => {
  it("fails a doubled median with the effect size and interval", () => {
    const v = evaluateVerdict({
      budgets: regression(),
      trials: reps("baseline", 0.8, 5),
      reference: ref(reps("baseline", 0.4, 5)),
      seed: 1,
    });
    expect(v.status).toBe("fail");
    const check = v.checks[0]!;
    expect(check.effect?.relative).toBeGreaterThan(0.8);
    expect(check.effect?.relativeInterval?.[0]).toBeGreaterThan(0.1);
    expect(v.reasons[0]).toMatch(
      /over budget — p50 .* vs .* \(main @ abc123\): \+\d+\.\d%, 95% CI \[/,
    );
  });

  it("passes the same distribution", () => {
    const v = evaluateVerdict({
      budgets: regression(),
      trials: reps("baseline", 0.4, 4),
      reference: ref(reps("baseline", 0.4, 5).slice(1)),
      seed: 1,
    });
    expect(v.status).toBe("pass");
    expect(v.reasons).toHaveLength(1);
  });

  it("is inconclusive with one repetition per side (minimum-samples rule)", () => {
    const v = evaluateVerdict({
      budgets: regression(),
      trials: reps("baseline", 0.8, 1),
      reference: ref(reps("baseline", 0.4, 1)),
      seed: 1,
    });
    expect(v.status).toBe("inconclusive");
    expect(v.reasons[0]).toContain("1 valid repetition(s), at least 2 required");
  });

  it("is inconclusive when the interval straddles the limit", () => {
    const v = evaluateVerdict({
      budgets: regression(10),
      trials: reps("baseline", 0.44, 3),
      reference: ref(reps("baseline", 0.4, 3)),
      seed: 3,
      iterations: 500,
    });
    expect(v.checks[0]!.effect?.relativeInterval?.[0]).toBeLessThan(0.1);
    expect(["inconclusive", "fail"]).toContain(v.status);
  });

  it("is inconclusive without a reference run, naming what it looked for", () => {
    const v = evaluateVerdict({
      budgets: regression(),
      trials: reps("baseline", 0.4, 3),
      reference: null,
      missingReferenceLabel: "branch main",
      seed: 1,
    });
    expect(v).toMatchObject({
      status: "inconclusive",
      reasons: ["no reference run (branch main) to compare against"],
    });
  });

  it("is deterministic for a seed", () => {
    const input = {
      budgets: regression(),
      trials: reps("baseline", 0.5, 3),
      reference: ref(reps("baseline", 0.4, 3)),
      seed: 42,
      iterations: 300,
    };
    expect(evaluateVerdict(input)).toEqual(evaluateVerdict(input));
  });
});

describe("evaluateVerdict: absolute and overhead budgets", () => {
  const run = [...reps("baseline", 0.4, 3), ...reps("istio", 0.6, 3)];

  it("checks the pooled statistic of every cell against maxMs", () => {
    const v = evaluateVerdict({
      budgets: budgets({ rules: [{ kind: "absolute", statistic: "p50", maxMs: 0.5 }] }),
      trials: run,
      reference: null,
      seed: 1,
    });
    expect(v.status).toBe("fail");
    expect(v.checks.map((c) => [c.cell?.variant, c.status])).toEqual([
      ["baseline", "pass"],
      ["istio", "fail"],
    ]);
    expect(v.reasons).toEqual([
      expect.stringMatching(
        /^istio @ 500 QPS, 8 conn: over budget — pooled p50 0\.\d+ ms, limit 0.5 ms$/,
      ),
    ]);
  });

  it("judges overhead over the baseline variant in percent and in ms", () => {
    const loose = budgets({
      rules: [{ kind: "overhead", statistic: "p50", maxPercent: 80, maxMs: 1 }],
    });
    expect(evaluateVerdict({ budgets: loose, trials: run, reference: null, seed: 1 }).status).toBe(
      "pass",
    );
    const tight = budgets({ rules: [{ kind: "overhead", statistic: "p50", maxPercent: 20 }] });
    const v = evaluateVerdict({ budgets: tight, trials: run, reference: null, seed: 1 });
    expect(v.status).toBe("fail");
    expect(v.checks).toHaveLength(1);
    expect(v.checks[0]!.cell?.variant).toBe("istio");
  });

  it("judges no interval on fewer than 3 repetitions per side, as the report does", () => {
    const two = [...reps("baseline", 0.4, 2), ...reps("istio", 0.41, 2)];
    const v = evaluateVerdict({
      budgets: budgets({
        minRepetitions: 2,
        rules: [{ kind: "overhead", statistic: "p50", maxPercent: 80 }],
      }),
      trials: two,
      reference: null,
      seed: 1,
    });
    expect(v.status).toBe("inconclusive");
    expect(v.reasons[0]).toMatch(/too few repetitions for an interval/);
  });

  it("rejects an overhead budget without a limit", () => {
    expect(ZBudgets.safeParse({ rules: [{ kind: "overhead" }] }).success).toBe(false);
  });
});

describe("evaluateVerdict: validity and empty inputs", () => {
  it("leaves invalid trials out, lists them, and so may lack repetitions", () => {
    const trials = reps("baseline", 0.4, 2).map((t, i) =>
      i === 0
        ? {
            ...t,
            validityFlags: [
              { code: "errors", severity: "invalid" as const, message: "10% errors" },
            ],
          }
        : t,
    );
    const v = evaluateVerdict({
      budgets: budgets({ rules: [{ kind: "absolute", maxMs: 5 }] }),
      trials,
      reference: null,
      seed: 1,
    });
    expect(v.status).toBe("inconclusive");
    expect(v.reasons.join("\n")).toContain(
      "left out 1 invalid trial(s): baseline/qps-500/rep1 (errors)",
    );
  });

  it("is inconclusive when the benchmark has no budgets", () => {
    expect(
      evaluateVerdict({
        budgets: budgets({}),
        trials: reps("baseline", 0.4, 3),
        reference: null,
        seed: 1,
      }),
    ).toMatchObject({
      status: "inconclusive",
      reasons: ["the benchmark defines no budgets"],
    });
  });

  it("uses repetition means for summary-only trials", () => {
    const summaryOnly = (variant: string, p99: number, r: number): TTrialRecord => ({
      ...trial(variant, 1, r),
      summaryOnly: true,
      histogram: null,
      loadGenerator: "wrk",
      requestCount: 5000,
      summary: {
        min: null,
        avg: null,
        p50: null,
        p75: null,
        p90: null,
        p99,
        p999: null,
        p9999: null,
        max: null,
        stddev: null,
      },
    });
    const v = evaluateVerdict({
      budgets: budgets({ rules: [{ kind: "absolute", maxMs: 3 }] }),
      trials: [summaryOnly("baseline", 0.002, 1), summaryOnly("baseline", 0.0022, 2)],
      reference: null,
      seed: 1,
    });
    expect(v.status).toBe("pass");
    expect(v.checks[0]!.observedMs).toBeCloseTo(2.1, 6);
  });
});

describe("trend values (trendCells, then trendValuesOfCells)", () => {
  it("gives one pooled value per run and cell, skipping invalid trials", () => {
    const runs = [
      { id: "r1", trials: reps("baseline", 0.4, 3) },
      {
        id: "r2",
        trials: [
          ...reps("baseline", 0.5, 2),
          { ...trial("baseline", 9, 3), status: "failed" as const },
        ],
      },
    ];
    const values = trendValuesOfCells(
      runs.map((r) => ({ id: r.id, cells: trendCells(r.trials) })),
      "p50",
    );
    expect(values.map((v) => [v.runId, v.cellLabel, v.repetitions])).toEqual([
      ["r1", "baseline @ 500 QPS, 8 conn", 3],
      ["r2", "baseline @ 500 QPS, 8 conn", 2],
    ]);
    expect(values[1]!.value).toBeGreaterThan(values[0]!.value);
    expect(values[1]!.value).toBeLessThan(0.001);
  });
});
