import { z } from "zod";
import { ZComparisonStatistic, ZDelta } from "./comparison";
import { ZId } from "./run";

/**
 * Between two consecutive runs of a history, what changed besides the code: a mesh's version
 * (e.g. "istio 1.26.2 → 1.27.1") or the environment (cluster, nodes, Kubernetes, Fortio, target).
 * Drawn on the trend so a step that coincides with an upgrade is attributed to it.
 */
export const ZHistoryMarker = z.object({
  kind: z.enum(["mesh", "environment"]),
  /** The first run measured after the change, and the last one before it. */
  runId: ZId,
  previousRunId: ZId,
  label: z.string(),
  /** Fingerprint fields that differ (environment markers), e.g. "kubernetesVersion". */
  fields: z.array(z.string()),
});
export type THistoryMarker = z.infer<typeof ZHistoryMarker>;

/** Why a run is left out of history, change points and baselines: an annotation, not an edit. */
export const ZRunExclusion = z.object({
  runId: ZId,
  reason: z.string(),
  excludedAt: z.date(),
  excludedByUserId: z.string().nullable(),
});
export type TRunExclusion = z.infer<typeof ZRunExclusion>;

export const ZExcludeRunInput = z.object({
  runId: ZId,
  /** Why (bad night, broken cluster): shown on the run page and in the audit log. */
  reason: z.string().trim().min(3).max(500),
});
export type TExcludeRunInput = z.infer<typeof ZExcludeRunInput>;

export const ZRunIdInput = z.object({ runId: ZId });

/**
 * Two sides of a history to compare over runs: the runs with mesh `name` at version `a` vs those
 * at `b` (by "meshVersion"), or the runs whose label `name` is `a` vs `b` (by "label").
 */
export const ZCompareHistoryInput = z.object({
  benchmarkKey: z.string().min(1).max(63),
  statistic: ZComparisonStatistic.default("p99"),
  by: z.enum(["meshVersion", "label"]),
  name: z.string().min(1).max(63),
  a: z.string().min(1).max(100),
  b: z.string().min(1).max(100),
  variant: z.string().min(1).max(63).optional(),
  gitBranch: z.string().min(1).max(255).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(100),
});
export type TCompareHistoryInput = z.input<typeof ZCompareHistoryInput>;

/** Across two versions (or labels): per series, b − a over per-run values with a bootstrap CI. */
export const ZHistoryComparison = z.object({
  benchmarkKey: z.string(),
  statistic: ZComparisonStatistic,
  by: z.enum(["meshVersion", "label"]),
  name: z.string(),
  sides: z.object({
    a: z.object({ value: z.string(), runIds: z.array(ZId) }),
    b: z.object({ value: z.string(), runIds: z.array(ZId) }),
  }),
  /** How the interval was computed, in words (statistic, unit of resampling, confidence). */
  method: z.string(),
  series: z.array(
    z.object({
      label: z.string(),
      variant: z.string(),
      /** `baseline` is side a, `variant` side b; ms. */
      delta: ZDelta,
    }),
  ),
});
export type THistoryComparison = z.infer<typeof ZHistoryComparison>;
