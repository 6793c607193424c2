import { z } from "zod";
import { ZReportSection, ZRunRule } from "./methodology";
import { ZComparisonStatistic } from "./comparison";
import { ZResourceRole } from "./roles";
import { ZProtocol } from "./trial-result";

/** What the run rule did to one cell: "5 of 6 runs, worst by max dropped: run 4". */
export const ZRunRuleCell = z.object({
  variant: z.string(),
  levelKey: z.string(),
  total: z.number().int(),
  kept: z.number().int(),
  dropped: z.array(
    z.object({ key: z.string(), repetition: z.number().int(), value: z.number().nullable() }),
  ),
  sentence: z.string(),
});
export const ZRunRuleReport = z.object({ rule: ZRunRule, cells: z.array(ZRunRuleCell) });
export type TRunRuleReport = z.infer<typeof ZRunRuleReport>;

/** One repetition's own statistics (seconds), for per-run rows (A, C). */
export const ZRepetitionRow = z.object({
  key: z.string(),
  variant: z.string(),
  levelKey: z.string(),
  repetition: z.number().int(),
  /** Left out by the run rule (still listed: never hidden). */
  dropped: z.boolean(),
  achievedQps: z.number().nullable(),
  stats: z.record(ZComparisonStatistic, z.number().nullable()),
});
export type TRepetitionRow = z.infer<typeof ZRepetitionRow>;

/** A role's cost at one load level of one variant (containers summed per aligned instant). */
export const ZLevelResourceCost = z.object({
  variant: z.string(),
  levelKey: z.string(),
  role: ZResourceRole,
  achievedQps: z.number().nullable(),
  trials: z.number().int(),
  meanCpuMillicores: z.number(),
  maxCpuMillicores: z.number(),
  meanMemoryBytes: z.number(),
  maxMemoryBytes: z.number(),
  /** The largest reading of any single container of the role ("max of one proxy"). */
  maxSingleCpuMillicores: z.number(),
  maxSingleMemoryBytes: z.number(),
  vcpuPer1000Qps: z.number().nullable(),
  memoryMbPer1000Qps: z.number().nullable(),
});
export type TLevelResourceCost = z.infer<typeof ZLevelResourceCost>;

/** y = a + b·x + c·x² over [xMin, xMax] (core/fit's quadratic), for drawing. */
export const ZFittedQuadratic = z.object({
  a: z.number(),
  b: z.number(),
  c: z.number(),
  xMin: z.number(),
  xMax: z.number(),
});

/** Resources vs achieved RPS of one role and variant: the points and the fitted curves. */
export const ZResourceCurve = z.object({
  role: ZResourceRole,
  variant: z.string(),
  points: z.array(
    z.object({ achievedQps: z.number(), cpuMillicores: z.number(), memoryMb: z.number() }),
  ),
  cpuFit: ZFittedQuadratic.nullable(),
  memoryMbFit: ZFittedQuadratic.nullable(),
});
export type TResourceCurve = z.infer<typeof ZResourceCurve>;

/** P90/P99 a variant adds over the baseline at one level, in ms (D). */
export const ZAddedLatencyRow = z.object({
  variant: z.string(),
  levelKey: z.string(),
  connections: z.number().int(),
  requestedQps: z.number().nullable(),
  protocol: ZProtocol,
  p90AddedMs: z.number().nullable(),
  p99AddedMs: z.number().nullable(),
});
export type TAddedLatencyRow = z.infer<typeof ZAddedLatencyRow>;

/** Saturation shown, not hidden (issue 16). */
export const ZSaturationReport = z.object({
  /** "baseline saturates near 1,650 QPS; ambient near 1,420 (−14%)"; null without fixed-QPS levels. */
  summary: z.string().nullable(),
  variants: z.array(
    z.object({
      variant: z.string(),
      saturatesNearQps: z.number().nullable(),
      reached: z.boolean(),
      /** Requested QPS of the first saturated level (the knee); null when none. */
      kneeQps: z.number().nullable(),
    }),
  ),
  unreachable: z.array(
    z.object({
      variant: z.string(),
      requestedQps: z.number(),
      achievedQps: z.number(),
      sentence: z.string(),
    }),
  ),
  /** Saturated trials: drawn on load curves, left out of latency deltas for this reason. */
  excluded: z.array(
    z.object({ key: z.string(), variant: z.string(), levelKey: z.string(), reason: z.string() }),
  ),
});
export type TSaturationReport = z.infer<typeof ZSaturationReport>;

/** Whether the measured window reuses the warm-up's connections, stated plainly. */
export const ZWarmupStatement = z.object({
  seconds: z.number().int().nullable(),
  reusesConnections: z.boolean(),
  text: z.string(),
});

export const ZReportExtras = {
  /** Sections in the order the page shows them (definition.reportSections; empty = all with data). */
  sections: z.array(ZReportSection).optional(),
  runRule: ZRunRuleReport.optional(),
  repetitionRows: z.array(ZRepetitionRow).optional(),
  levelResources: z.array(ZLevelResourceCost).optional(),
  resourceCurves: z.array(ZResourceCurve).optional(),
  addedLatency: z.array(ZAddedLatencyRow).optional(),
  saturation: ZSaturationReport.optional(),
  warmup: ZWarmupStatement.optional(),
};
