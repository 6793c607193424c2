import { z } from "zod";
import { ZLoadGenerator, ZProtocol } from "./trial-result";
import { ZId, ZRunStatus, ZValidityFlag } from "./run";
import { ZGitInfo, ZRunLabels } from "./git-info";

const ZVariantName = z
  .string()
  .min(1)
  .max(63)
  .regex(/^[a-z0-9][a-z0-9-]*$/, "lowercase letters, digits and -");

/**
 * One trial of an upload. `result` is the raw load-generator output as the importer receives it:
 * a JSON document (Fortio, Nighthawk, SMP) as an object or a string, wrk's text as a string.
 * Load-level fields override what the result says about itself.
 */
export const ZUploadTrial = z.object({
  format: ZLoadGenerator.optional(),
  result: z.union([z.string().min(1), z.record(z.string(), z.unknown())]),
  variant: ZVariantName.optional(),
  requestedQps: z.number().positive().nullable().optional(),
  connections: z.number().int().positive().optional(),
  repetition: z.number().int().positive().optional(),
  payloadBytes: z.number().int().nonnegative().optional(),
  protocol: ZProtocol.optional(),
  keepAlive: z.boolean().optional(),
  /**
   * Fortio's JSON access log of the same run (`-access-log-file f -access-log-format json`):
   * stored as the trial's throughput over time (per-second requests and errors).
   */
  accessLog: z.string().min(1).optional(),
});
export type TUploadTrial = z.infer<typeof ZUploadTrial>;

export const ZUploadResultsInput = z.object({
  /** The benchmark's key in the workspace (created on first upload when unknown). */
  benchmark: z
    .string()
    .min(1)
    .max(63)
    .regex(/^[a-z0-9][a-z0-9-]*$/, "lowercase letters, digits and -"),
  /** Default variant of trials that do not name one. */
  variant: ZVariantName.default("baseline"),
  title: z.string().min(1).max(200).optional(),
  git: ZGitInfo.default({}),
  mesh: z
    .object({ name: z.string().min(1).max(63), version: z.string().min(1).max(63).optional() })
    .optional(),
  labels: ZRunLabels.default({}),
  trials: z.array(ZUploadTrial).min(1).max(200),
});
export type TUploadResultsInput = z.input<typeof ZUploadResultsInput>;
export type TUploadResults = z.infer<typeof ZUploadResultsInput>;

export const ZUploadedTrial = z.object({
  key: z.string(),
  variant: z.string(),
  requestedQps: z.number().nullable(),
  connections: z.number().int(),
  repetition: z.number().int(),
  loadGenerator: ZLoadGenerator,
  requestCount: z.number().int(),
  validityFlags: z.array(ZValidityFlag),
});

export const ZUploadResultsOutput = z.object({
  runId: ZId,
  benchmarkKey: z.string(),
  status: ZRunStatus,
  trials: z.array(ZUploadedTrial),
});
export type TUploadResultsOutput = z.infer<typeof ZUploadResultsOutput>;

/** A run as REST clients and the CLI see it: status, progress and per-trial summaries (no histograms). */
export const ZRunResultsTrial = z.object({
  key: z.string(),
  variant: z.string(),
  requestedQps: z.number().nullable(),
  connections: z.number().int(),
  repetition: z.number().int(),
  status: z.string(),
  loadGenerator: ZLoadGenerator,
  actualQps: z.number().nullable(),
  requestCount: z.number().int().nullable(),
  errorCount: z.number().int().nullable(),
  latencyMs: z.record(z.string(), z.number().nullable()),
  validityFlags: z.array(ZValidityFlag),
});

export const ZRunResults = z.object({
  id: ZId,
  title: z.string(),
  status: ZRunStatus,
  benchmarkKey: z.string().nullable(),
  clusterName: z.string().nullable(),
  trialsTotal: z.number().int(),
  trialsDone: z.number().int(),
  trialsFailed: z.number().int(),
  git: z.object({
    repo: z.string().nullable(),
    commit: z.string().nullable(),
    branch: z.string().nullable(),
    pr: z.string().nullable(),
  }),
  labels: z.record(z.string(), z.string()),
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  trials: z.array(ZRunResultsTrial),
});
export type TRunResults = z.infer<typeof ZRunResults>;
