import { z } from "zod";
import { ZComparisonStatistic } from "./comparison";
import { ZMaskedBenchmarkDefinition } from "./benchmark";
import { ZDefinitionSnapshot, ZDefinitionSource } from "./definition-snapshot";
import { ZEnvironmentFingerprint } from "./fingerprint";
import { ZResourceRole } from "./roles";
import { ZRunSource, ZRunStatus, ZTrialRecord } from "./run";
import { ZSecretName } from "./request-headers";
import { ZProtocol } from "./trial-result";
import { ZVerdictRecord } from "./verdict";

export const BUNDLE_FORMAT = "meshbench.bundle";
export const BUNDLE_VERSION = 1;

const ZIsoTime = z.iso.datetime({ offset: true });

/** The run as exported: its record, its git and labels, its times. */
export const ZBundleRun = z.object({
  id: z.string().min(1).max(64),
  title: z.string().max(200),
  status: ZRunStatus,
  source: ZRunSource,
  benchmarkKey: z.string().max(64).nullable(),
  clusterName: z.string().max(255).nullable(),
  trialsTotal: z.number().int().nonnegative(),
  trialsDone: z.number().int().nonnegative(),
  trialsFailed: z.number().int().nonnegative(),
  git: z.object({
    repo: z.string().max(1024).nullable(),
    commit: z.string().max(255).nullable(),
    branch: z.string().max(255).nullable(),
    pr: z.string().max(255).nullable(),
  }),
  labels: z.record(z.string().max(255), z.string().max(1024)),
  error: z.string().max(4000).nullable(),
  createdAt: ZIsoTime,
  startedAt: ZIsoTime.nullable(),
  finishedAt: ZIsoTime.nullable(),
});
export type TBundleRun = z.infer<typeof ZBundleRun>;

/** A trial with its exact histogram and the load generator's numbers (no database id). */
export const ZBundleTrial = ZTrialRecord.omit({ id: true });
export type TBundleTrial = z.infer<typeof ZBundleTrial>;

/** One CPU/memory reading, tied to its trial by the trial's key (null between trials). */
export const ZBundleSample = z.object({
  trialKey: z.string().max(512).nullable(),
  variant: z.string().max(63),
  role: ZResourceRole,
  namespace: z.string().max(253),
  pod: z.string().max(253),
  container: z.string().max(253).nullable(),
  cpuMillicores: z.number(),
  memoryBytes: z.number(),
  sampledAt: ZIsoTime,
});
export type TBundleSample = z.infer<typeof ZBundleSample>;

/** The cluster's A/A noise calibration the report read the run's deltas against (core's NoiseCalibration). */
export const ZBundleNoiseCalibration = z.object({
  /** The A/A run the bands came from (an id in the exporting workspace). */
  runId: z.string().min(1).max(64),
  calibration: z.object({
    levels: z.array(
      z.object({
        levelKey: z.string(),
        level: z.object({
          requestedQps: z.number().nullable(),
          connections: z.number().int(),
          payloadBytes: z.number().int(),
          protocol: ZProtocol,
          keepAlive: z.boolean(),
        }),
        repetitions: z.number().int(),
        bands: z.partialRecord(ZComparisonStatistic, z.tuple([z.number(), z.number()])),
      }),
    ),
    seed: z.number(),
    iterations: z.number().int(),
  }),
});
export type TBundleNoiseCalibration = z.infer<typeof ZBundleNoiseCalibration>;

/** The definition snapshot as it travels: secret headers masked as `<secret:name>`. */
export const ZBundleDefinitionSnapshot = ZDefinitionSnapshot.extend({
  definition: ZMaskedBenchmarkDefinition,
});
export type TBundleDefinitionSnapshot = z.infer<typeof ZBundleDefinitionSnapshot>;

/**
 * A reproducibility bundle: one run, everything its report needs (definition snapshot,
 * environment and fingerprint, every trial's histogram and numbers, resource samples, the noise
 * calibration, verdict records) and no secret: a secret header travels as its `<secret:name>`
 * placeholder (core maskDefinitionSecrets), its name listed in `secrets`; an import maps each to
 * a workspace secret of its own. Documented in
 * docs/bundle/meshbench-bundle-v1.schema.json (generated from this schema).
 */
export const ZRunBundle = z.object({
  format: z.literal(BUNDLE_FORMAT),
  version: z.literal(BUNDLE_VERSION),
  exportedAt: ZIsoTime,
  run: ZBundleRun,
  /** The definition the run was created with (null: an upload without a definition). */
  definition: z
    .object({ source: ZDefinitionSource, snapshot: ZBundleDefinitionSnapshot })
    .nullable(),
  /** The run's environment record, as members see it (no credentials). */
  environment: z.record(z.string(), z.unknown()).nullable(),
  fingerprint: ZEnvironmentFingerprint.nullable(),
  trials: z.array(ZBundleTrial).max(10_000),
  samples: z.array(ZBundleSample).max(500_000),
  noiseCalibration: ZBundleNoiseCalibration.nullable(),
  // Judged times become rows again on import: a real ISO time, never any string.
  verdicts: z.array(ZVerdictRecord.extend({ judgedAt: ZIsoTime })).max(1000),
  /** The workspace secrets the definition's headers name (core secretNamesOf), sorted: names only. */
  secrets: z.array(ZSecretName).max(100),
});
export type TRunBundle = z.infer<typeof ZRunBundle>;

/**
 * Import a bundle as a read-only run. `secrets` maps a placeholder's name to the workspace secret
 * that fills it here (default: the same name). Names only: a secret's value never travels.
 */
export const ZImportBundleInput = z.object({
  bundle: ZRunBundle,
  secrets: z.record(ZSecretName, ZSecretName).default({}),
});
export type TImportBundleInput = z.input<typeof ZImportBundleInput>;

export const ZImportBundleOutput = z.object({
  runId: z.string(),
  /** Workspace secrets the imported definition names that this workspace lacks (a rerun needs them). */
  missingSecrets: z.array(z.string()),
});

/** "Run this again on cluster X": what would differ from the bundle's environment. */
export const ZRerunPlanInput = z.object({
  runId: z.string().min(1).max(64),
  clusterId: z.string().min(1).max(64),
});
export const ZRerunPlan = z.object({
  runId: z.string(),
  clusterId: z.string(),
  clusterName: z.string(),
  /** The key the new benchmark would get (free in this workspace). */
  benchmarkKey: z.string(),
  /** Fingerprint fields that differ, the run's (`a`) vs what the cluster is known to have (`b`). */
  differences: z.array(
    z.object({ field: z.string(), a: z.string().nullable(), b: z.string().nullable() }),
  ),
  /** Why the comparison is partial (no fingerprint on the run, cluster not yet detected). */
  notes: z.array(z.string()),
});
export type TRerunPlan = z.infer<typeof ZRerunPlan>;

export const ZRerunInput = ZRerunPlanInput.extend({
  /** Defaults to the plan's free key. */
  benchmarkKey: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9][a-z0-9._-]*$/, "lowercase key")
    .optional(),
  title: z.string().min(1).max(200).optional(),
});
export type TRerunInput = z.infer<typeof ZRerunInput>;
export const ZRerunOutput = z.object({
  benchmarkId: z.string(),
  benchmarkKey: z.string(),
  runId: z.string(),
  differences: ZRerunPlan.shape.differences,
});

/** Run.importedFrom: where an imported run came from, and the calibration its report used. */
export const ZImportedFrom = z.object({
  runId: z.string(),
  /** How the original run was measured (scheduled, uploaded): its report reads as such. */
  source: ZRunSource,
  benchmarkKey: z.string().nullable(),
  clusterName: z.string().nullable(),
  exportedAt: z.string(),
  noiseCalibration: ZBundleNoiseCalibration.nullable(),
});
export type TImportedFrom = z.infer<typeof ZImportedFrom>;
