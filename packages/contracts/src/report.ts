import { z } from "zod";
import { ZCapacityReport } from "./capacity-report";
import { ZComparisonStatistic, ZDelta } from "./comparison";
import {
  ZId,
  ZRunListItem,
  ZRunTrigger,
  ZRunWaitingFor,
  ZTrialRow,
  ZTrialStatus,
  ZValidityFlag,
} from "./run";
import { ZProtocol } from "./trial-result";
import { ZNoiseBandCell } from "./noise";
import { ZReportExtras } from "./report-extras";
import { ZResourceRole } from "./roles";
import { ZVariantPathReport } from "./topology";

/** One cell of the load matrix (all repetitions of it), e.g. "qps-500/c8/p0/http1/ka". */
export const ZLoadLevel = z.object({
  key: z.string(),
  requestedQps: z.number().nullable(),
  connections: z.number().int(),
  payloadBytes: z.number().int(),
  protocol: ZProtocol,
  keepAlive: z.boolean(),
});
export type TLoadLevel = z.infer<typeof ZLoadLevel>;

export const ZStatCell = z.object({
  stat: ZComparisonStatistic,
  /** Pooled over every repetition's histogram (seconds). */
  value: z.number().nullable(),
  /** Mean ± SD of the per-repetition values. */
  mean: z.number().nullable(),
  sd: z.number().nullable(),
  /** Against the reference row (core's compareVariants); null on the reference itself. */
  delta: ZDelta.nullable(),
  /** core's wording of the delta, e.g. "+0.15 ms, 11% slower". */
  wording: z.string().nullable(),
  /** The cluster's A/A noise band for this delta (absent without a calibration). */
  noise: ZNoiseBandCell.nullable().optional(),
});
export type TStatCell = z.infer<typeof ZStatCell>;

export const ZPercentileRow = z.object({
  /** Stable id for tests and anchors: `<variant>@<levelKey>` or a comparison item's id. */
  id: z.string(),
  label: z.string(),
  variant: z.string(),
  levelKey: z.string(),
  isReference: z.boolean(),
  repetitions: z.number().int(),
  notEnoughRepetitions: z.boolean(),
  requestCount: z.number().int(),
  errorCount: z.number().int(),
  achievedQps: z.number().nullable(),
  stats: z.array(ZStatCell),
});
export type TPercentileRow = z.infer<typeof ZPercentileRow>;

export const ZCurvePoint = z.object({ latency: z.number(), fraction: z.number() });
export const ZHistogramBar = z.object({ start: z.number(), end: z.number(), count: z.number() });

/** Downsampled curves of one pooled histogram (latencies in seconds). */
export const ZSeriesCurves = z.object({
  id: z.string(),
  label: z.string(),
  cdf: z.array(ZCurvePoint),
  ccdf: z.array(ZCurvePoint),
  histogram: z.array(ZHistogramBar),
});
export type TSeriesCurves = z.infer<typeof ZSeriesCurves>;

/** One point of a load curve: a variant at one load level. */
export const ZLoadPoint = z.object({
  variant: z.string(),
  levelKey: z.string(),
  requestedQps: z.number().nullable(),
  connections: z.number().int(),
  achievedQps: z.number().nullable(),
  errorRate: z.number().nullable(),
  stats: z.record(ZComparisonStatistic, z.number().nullable()),
  /** Additive: the level's protocol (L4 tcp vs L7 http split) and whether it saturated. */
  protocol: ZProtocol.optional(),
  saturated: z.boolean().optional(),
});
export type TLoadPoint = z.infer<typeof ZLoadPoint>;

export const ZResourceCost = z.object({
  variant: z.string(),
  role: ZResourceRole,
  maxCpuMillicores: z.number(),
  avgCpuMillicores: z.number(),
  /** CPU time integrated over the samples (core-seconds). */
  cpuSeconds: z.number(),
  maxMemoryBytes: z.number(),
  /** Average CPU per 1000 achieved RPS (millicores); null without a known rate. */
  cpuPer1000Rps: z.number().nullable(),
  memoryPer1000Rps: z.number().nullable(),
});
export type TResourceCost = z.infer<typeof ZResourceCost>;

export const ZTrialFlagRow = z.object({
  key: z.string(),
  variant: z.string(),
  levelKey: z.string(),
  repetition: z.number().int(),
  flags: z.array(ZValidityFlag),
});

export const ZTrialProgress = z.object({
  key: z.string(),
  variant: z.string(),
  levelKey: z.string(),
  repetition: z.number().int(),
  sequence: z.number().int(),
  status: ZTrialStatus,
});
export type TTrialProgress = z.infer<typeof ZTrialProgress>;

/**
 * Trials that produced no usable result, stated plainly: how many, why (grouped by reason), and
 * which cells (variant × load level) therefore have fewer repetitions than planned.
 */
export const ZTrialFailures = z.object({
  count: z.number().int(),
  reasons: z.array(
    z.object({ reason: z.string(), count: z.number().int(), trials: z.array(z.string()) }),
  ),
  incompleteCells: z.array(
    z.object({
      variant: z.string(),
      levelKey: z.string(),
      planned: z.number().int(),
      succeeded: z.number().int(),
    }),
  ),
});
export type TTrialFailures = z.infer<typeof ZTrialFailures>;

export const ZLevelReport = z.object({
  level: ZLoadLevel,
  label: z.string(),
  rows: z.array(ZPercentileRow),
  curves: z.array(ZSeriesCurves),
});
export type TLevelReport = z.infer<typeof ZLevelReport>;

/** Everything the run page shows, computed on the server: no raw histograms. */
export const ZRunReport = z.object({
  run: ZRunListItem.extend({
    gitRepo: z.string().nullable(),
    gitPr: z.string().nullable(),
    startedAt: z.date().nullable(),
    error: z.string().nullable(),
    trigger: ZRunTrigger.optional(),
    waitingFor: ZRunWaitingFor.nullable().optional(),
    /** When retention pruned its histograms (percentiles then come from stored summaries). */
    histogramsPrunedAt: z.date().nullable().optional(),
  }),
  /** Safe-to-show environment snapshot (no endpoints, tokens or credentials). */
  environment: z.record(z.string(), z.unknown()),
  reference: z.string().nullable(),
  variants: z.array(z.string()),
  levels: z.array(ZLevelReport),
  loadCurve: z.array(ZLoadPoint),
  resources: z.array(ZResourceCost),
  flags: z.array(ZTrialFlagRow),
  failures: ZTrialFailures,
  progress: z.array(ZTrialProgress),
  /** Every trial in execution order, without histograms: the page loads the run only once. */
  trials: z.array(ZTrialRow),
  ...ZReportExtras,
  /** A capacity-at-SLO run's capacities per variant (absent for other runs). */
  capacity: ZCapacityReport.optional(),
  /** Each variant's declared path in words and its checked result (scheduled runs). */
  paths: z.array(ZVariantPathReport).optional(),
});
export type TRunReport = z.infer<typeof ZRunReport>;

export const ZRunReportInput = z.object({
  runId: ZId,
  /** Variant to compare against; the run's "baseline" (or first variant) when absent. */
  reference: z.string().max(63).optional(),
});

export const ZRunProgress = z.object({
  status: ZRunListItem.shape.status,
  trialsTotal: z.number().int(),
  trialsDone: z.number().int(),
  trialsFailed: z.number().int(),
  trials: z.array(ZTrialProgress),
  waitingFor: ZRunWaitingFor.nullable().optional(),
});
export type TRunProgress = z.infer<typeof ZRunProgress>;
