import { z } from "zod";
import { ZComparisonStatistic } from "./comparison";
import { ZBudgets } from "./budget";
import { ZId } from "./run";
import { ZHistoryMarker, ZRunExclusion } from "./history";
import { ZChangePoint } from "./noise";

export const ZVerdictStatus = z.enum(["pass", "fail", "inconclusive"]);
export type TVerdictStatus = z.infer<typeof ZVerdictStatus>;

/** One load level (cell) of the matrix, as the verdict names it. */
export const ZVerdictCell = z.object({
  variant: z.string(),
  requestedQps: z.number().nullable(),
  connections: z.number().int(),
});
export type TVerdictCell = z.infer<typeof ZVerdictCell>;

/** Effect size: candidate − reference (or variant − baseline), with its bootstrap interval. */
export const ZVerdictEffect = z.object({
  referenceMs: z.number(),
  candidateMs: z.number(),
  absoluteMs: z.number(),
  relative: z.number().nullable(),
  confidence: z.number(),
  absoluteIntervalMs: z.tuple([z.number(), z.number()]),
  relativeInterval: z.tuple([z.number(), z.number()]).nullable(),
  referenceRepetitions: z.number().int(),
  candidateRepetitions: z.number().int(),
});
export type TVerdictEffect = z.infer<typeof ZVerdictEffect>;

export const ZVerdictCheck = z.object({
  /** Index of the budget rule in Benchmark.budgets.rules; null for run-level checks. */
  rule: z.number().int().nonnegative().nullable(),
  kind: z.enum(["absolute", "overhead", "regression", "validity"]),
  statistic: ZComparisonStatistic.nullable(),
  cell: ZVerdictCell.nullable(),
  status: ZVerdictStatus,
  /** A sentence saying why, with the numbers. */
  reason: z.string(),
  observedMs: z.number().nullable(),
  effect: ZVerdictEffect.nullable(),
});
export type TVerdictCheck = z.infer<typeof ZVerdictCheck>;

export const ZVerdictReference = z.object({
  runId: ZId,
  gitBranch: z.string().nullable(),
  gitCommit: z.string().nullable(),
  createdAt: z.string(),
});

export const ZVerdict = z.object({
  runId: ZId,
  benchmarkKey: z.string().nullable(),
  status: ZVerdictStatus,
  /** Every non-passing check's reason (all reasons when the verdict passes). */
  reasons: z.array(z.string()),
  checks: z.array(ZVerdictCheck),
  reference: ZVerdictReference.nullable(),
  method: z.string(),
  seed: z.number().int(),
});
export type TVerdict = z.infer<typeof ZVerdict>;

/**
 * A verdict as stored (`Verdict` table): judged once, with the budgets as they were and the
 * reference run it was judged against, so later budget edits or newer runs do not change it.
 * A finished run's verdict is read back from its record; only an explicit recompute judges again
 * (and stores a new record).
 */
export const ZVerdictRecord = ZVerdict.extend({
  /** null: not stored (the run is still in progress, its verdict would change). */
  id: ZId.nullable(),
  /** The budgets as judged (the benchmark's at the time). */
  budgets: ZBudgets,
  /** The reference branch that was asked for (null: the budgets' own). */
  referenceBranch: z.string().nullable(),
  /** ISO time of judgement. */
  judgedAt: z.string(),
});
export type TVerdictRecord = z.infer<typeof ZVerdictRecord>;

export const ZGetVerdictInput = z.object({
  runId: ZId,
  /** Overrides the benchmark's budgets' reference branch (e.g. the PR's base branch). */
  referenceBranch: z.string().min(1).max(255).optional(),
});
export type TGetVerdictInput = z.infer<typeof ZGetVerdictInput>;

export const ZGetHistoryInput = z.object({
  benchmarkKey: z.string().min(1).max(63),
  statistic: ZComparisonStatistic.default("p99"),
  variant: z.string().min(1).max(63).optional(),
  gitBranch: z.string().min(1).max(255).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(30),
});
export type TGetHistoryInput = z.input<typeof ZGetHistoryInput>;

/** One run on the trend's x axis: what it was measured at (commit, tag, mesh version). */
export const ZHistoryRun = z.object({
  runId: ZId,
  title: z.string(),
  createdAt: z.string(),
  gitBranch: z.string().nullable(),
  gitCommit: z.string().nullable(),
  tag: z.string().nullable(),
  mesh: z.string().nullable(),
  meshVersion: z.string().nullable(),
  /** Mesh name → version, from the run's fingerprint (else its mesh/meshVersion labels). */
  meshVersions: z.record(z.string(), z.string()),
  /** core's fingerprintId of the run's environment; null when it recorded none. */
  fingerprintId: z.string().nullable(),
  /** Set when the run is excluded: listed greyed, absent from series and change points. */
  exclusion: ZRunExclusion.omit({ runId: true }).nullable(),
  /** The demo seed's made-up nightly runs (label seeded=demo), so the page can say so. */
  seededDemo: z.boolean(),
});

export const ZHistorySeries = z.object({
  label: z.string(),
  variant: z.string(),
  requestedQps: z.number().nullable(),
  connections: z.number().int(),
  points: z.array(z.object({ runId: ZId, valueMs: z.number(), repetitions: z.number().int() })),
});

export const ZBudgetLine = z.object({
  label: z.string(),
  valueMs: z.number(),
  variant: z.string().nullable(),
});

export const ZBenchmarkHistory = z.object({
  benchmarkKey: z.string(),
  benchmarkName: z.string(),
  statistic: ZComparisonStatistic,
  runs: z.array(ZHistoryRun),
  series: z.array(ZHistorySeries),
  budgetLines: z.array(ZBudgetLine),
  /** E-divisive change points per series (oldest first), with people's decisions. */
  changePoints: z.array(ZChangePoint).optional(),
  /** Mesh version and environment changes between consecutive (included) runs. */
  markers: z.array(ZHistoryMarker),
});
export type TBenchmarkHistory = z.infer<typeof ZBenchmarkHistory>;
