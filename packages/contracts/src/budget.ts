import { z } from "zod";
import { ZComparisonStatistic } from "./comparison";

/**
 * Which cells of a run a rule applies to. Omitted fields match everything, so
 * `{ variant: "istio" }` covers every QPS level of the istio variant.
 */
export const ZBudgetScope = z.object({
  variant: z.string().min(1).max(63).optional(),
  requestedQps: z.number().positive().nullable().optional(),
  connections: z.number().int().positive().optional(),
});
export type TBudgetScope = z.infer<typeof ZBudgetScope>;

/** The pooled statistic of each matching cell must stay below `maxMs`. */
export const ZAbsoluteBudget = z.object({
  kind: z.literal("absolute"),
  statistic: ZComparisonStatistic.default("p99"),
  maxMs: z.number().positive(),
  scope: ZBudgetScope.default({}),
});

/**
 * Overhead of a variant over the baseline variant of the same run, at the same load level:
 * relative (`maxPercent`) and/or absolute (`maxMs`). Judged on the bootstrap interval.
 */
export const ZOverheadBudget = z
  .object({
    kind: z.literal("overhead"),
    statistic: ZComparisonStatistic.default("p99"),
    baselineVariant: z.string().min(1).max(63).default("baseline"),
    maxPercent: z.number().positive().optional(),
    maxMs: z.number().positive().optional(),
    scope: ZBudgetScope.default({}),
  })
  .refine((b) => b.maxPercent !== undefined || b.maxMs !== undefined, {
    message: "an overhead budget needs maxPercent or maxMs",
    path: ["maxPercent"],
  });

/**
 * Regression against a reference: the latest succeeded run of the same benchmark on `branch`
 * (or carrying the label `tag=<tag>`), cell by cell and variant by variant.
 */
export const ZRegressionBudget = z
  .object({
    kind: z.literal("regression"),
    statistic: ZComparisonStatistic.default("p99"),
    reference: z.object({
      branch: z.string().min(1).max(255).optional(),
      tag: z.string().min(1).max(255).optional(),
    }),
    /** Largest tolerated increase over the reference, in percent. */
    maxIncreasePercent: z.number().nonnegative().default(10),
    scope: ZBudgetScope.default({}),
  })
  .refine((b) => b.reference.branch !== undefined || b.reference.tag !== undefined, {
    message: "a regression budget needs reference.branch or reference.tag",
    path: ["reference"],
  });

export const ZBudgetRule = z.union([ZAbsoluteBudget, ZOverheadBudget, ZRegressionBudget]);
export type TBudgetRule = z.infer<typeof ZBudgetRule>;

/** Benchmark.budgets. */
export const ZBudgets = z.object({
  /** Confidence of the bootstrap intervals the relative rules are judged on. */
  confidence: z.number().gt(0.5).lt(1).default(0.95),
  /**
   * Fewer valid repetitions than this in a cell → inconclusive. Relative rules (overhead,
   * regression) judge an interval, which needs at least 3 per side whatever this says — the
   * report's rule (DEFAULT_MIN_REPETITIONS in core/stats/delta.ts).
   */
  minRepetitions: z.number().int().min(1).default(2),
  /** A cell with fewer latency samples than this in total → inconclusive. */
  minSamples: z.number().int().min(1).default(200),
  rules: z.array(ZBudgetRule).max(50).default([]),
});
export type TBudgets = z.infer<typeof ZBudgets>;
export type TBudgetsInput = z.input<typeof ZBudgets>;
