import { z } from "zod";
import { ZHistoryMarker } from "./history";
import { ZComparisonStatistic } from "./comparison";
import { ZId } from "./run";

const ZRelativeBand = z.tuple([z.number(), z.number()]);

/**
 * The cluster's A/A noise band beside one mesh-vs-baseline delta (core noiseBandFor +
 * judgeAgainstNoise): `source` says whether the level itself was calibrated or the nearest
 * calibrated QPS of the same shape stands in for it.
 */
export const ZNoiseBandCell = z.object({
  /** Relative to the baseline, e.g. [-0.03, 0.04]. */
  band: ZRelativeBand,
  source: z.enum(["calibrated", "nearest"]),
  /** e.g. "A/A noise at 500 QPS (nearest calibrated level)". */
  label: z.string(),
  calibratedQps: z.number().nullable(),
  calibrationRunId: ZId,
  /** "noise": the delta lies inside the band (even if its interval excludes zero). */
  call: z.enum(["noise", "real", "no_evidence", "unknown"]),
});
export type TNoiseBandCell = z.infer<typeof ZNoiseBandCell>;

export const ZCalibrateClusterInput = z.object({
  clusterId: ZId,
  /** Copy this benchmark's target, baseline variant and matrix; a small default matrix without. */
  benchmarkId: ZId.optional(),
  repetitions: z.number().int().min(3).max(20).default(3),
});
export type TCalibrateClusterInput = z.input<typeof ZCalibrateClusterInput>;

export const ZCalibrateClusterOutput = z.object({
  runId: ZId,
  benchmarkKey: z.string(),
  trialsTotal: z.number().int(),
  estimatedSeconds: z.number(),
});

export const ZCalibratedLevel = z.object({
  levelKey: z.string(),
  requestedQps: z.number().nullable(),
  connections: z.number().int(),
  repetitions: z.number().int(),
  bands: z.partialRecord(ZComparisonStatistic, ZRelativeBand),
});

/** A cluster's latest A/A calibration and, once its run succeeded, its bands. */
export const ZClusterNoiseBand = z.object({
  clusterId: ZId,
  /** none: never calibrated; pending: the A/A run has not finished; failed: see `error`. */
  status: z.enum(["none", "pending", "ready", "failed"]),
  runId: ZId.nullable(),
  createdAt: z.date().nullable(),
  error: z.string().nullable(),
  levels: z.array(ZCalibratedLevel),
});
export type TClusterNoiseBand = z.infer<typeof ZClusterNoiseBand>;

/** One detected change point of a history series, with the decision people made about it. */
export const ZChangePoint = z.object({
  /** variant × level × statistic: `<series label>|<statistic>`. */
  seriesKey: z.string(),
  seriesLabel: z.string(),
  variant: z.string(),
  statistic: ZComparisonStatistic,
  /** The first run after the change, and the last one before it. */
  runId: ZId,
  previousRunId: ZId,
  createdAt: z.string(),
  beforeMs: z.number(),
  afterMs: z.number(),
  relativeChange: z.number().nullable(),
  pValue: z.number(),
  status: z.enum(["open", "confirmed", "dismissed"]),
  decidedAt: z.date().nullable(),
  /** The history markers between its two runs: a step across an upgrade is attributed to it. */
  coincidesWith: z.array(ZHistoryMarker.pick({ kind: true, label: true })).optional(),
});
export type TChangePoint = z.infer<typeof ZChangePoint>;

export const ZDecideChangePointInput = z.object({
  benchmarkKey: z.string().min(1).max(63),
  seriesKey: z.string().min(1).max(300),
  runId: ZId,
  status: z.enum(["confirmed", "dismissed"]),
});
export type TDecideChangePointInput = z.infer<typeof ZDecideChangePointInput>;

export const ZFingerprintDifference = z.object({
  field: z.string(),
  a: z.string().nullable(),
  b: z.string().nullable(),
});

/** Per compared run: its environment id and how it differs from the first run's. */
export const ZRunEnvironmentCheck = z.object({
  runId: ZId,
  title: z.string(),
  /** null: the run recorded no environment fingerprint ("environment unknown"). */
  fingerprintId: z.string().nullable(),
  differences: z.array(ZFingerprintDifference).nullable(),
});
export type TRunEnvironmentCheck = z.infer<typeof ZRunEnvironmentCheck>;
