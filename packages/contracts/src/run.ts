import { z } from "zod";
import { ZRateSeries } from "./rate-series";
import { ZGitInfo, ZRunLabels } from "./git-info";
import { ZPathCheck } from "./topology";
import { ZHistogram, ZLatencySummary, ZLoadGenerator, ZProtocol } from "./trial-result";

export const ZId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9]+$/, "must be an id");

export const ZRunStatus = z.enum(["queued", "running", "succeeded", "failed", "cancelled"]);
export type TRunStatus = z.infer<typeof ZRunStatus>;
/** A run still in progress (workers may still write to it): queued or running. */
export const ACTIVE_RUN_STATUSES = ["queued", "running"] as const satisfies TRunStatus[];
/** A run that ended and never changes again. */
export const FINISHED_RUN_STATUSES = [
  "succeeded",
  "failed",
  "cancelled",
] as const satisfies TRunStatus[];
export const isRunActive = (status: TRunStatus): boolean =>
  (ACTIVE_RUN_STATUSES as readonly TRunStatus[]).includes(status);
export const ZRunSource = z.enum(["scheduled", "ci_upload", "import"]);
export type TRunSource = z.infer<typeof ZRunSource>;
export const ZTrialStatus = z.enum(["pending", "running", "succeeded", "failed", "skipped"]);
export type TTrialStatus = z.infer<typeof ZTrialStatus>;

export const ZValidityFlag = z.object({
  code: z.string(),
  severity: z.enum(["invalid", "warning"]),
  message: z.string(),
});
export type TValidityFlag = z.infer<typeof ZValidityFlag>;

export const ZRunListItem = z.object({
  id: ZId,
  title: z.string(),
  status: ZRunStatus,
  source: ZRunSource,
  benchmarkKey: z.string().nullable(),
  clusterName: z.string().nullable(),
  trialsTotal: z.number().int(),
  trialsDone: z.number().int(),
  trialsFailed: z.number().int(),
  gitBranch: z.string().nullable(),
  gitCommit: z.string().nullable(),
  createdAt: z.date(),
  finishedAt: z.date().nullable(),
});
export type TRunListItem = z.infer<typeof ZRunListItem>;

/** The runs list's filters: every one optional, combined with AND. */
const ZFilterText = z.string().trim().min(1).max(120).optional();
export const ZRunListFilter = z.object({
  benchmarkKey: ZFilterText,
  clusterName: ZFilterText,
  variant: ZFilterText,
  status: ZRunStatus.optional(),
  source: ZRunSource.optional(),
  gitBranch: ZFilterText,
});
export type TRunListFilter = z.infer<typeof ZRunListFilter>;

/** A page of the runs list: flat, so REST takes it as query parameters (GET /runs?status=…). */
export const ZListRunsInput = ZRunListFilter.extend({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  /** The previous page's `nextCursor`. */
  cursor: ZId.nullish(),
});
export type TListRunsInput = z.infer<typeof ZListRunsInput>;

export const ZRunListPage = z.object({
  items: z.array(ZRunListItem),
  nextCursor: z.string().nullable(),
});
export type TRunListPage = z.infer<typeof ZRunListPage>;

/** The values the runs-list filters can take in a workspace. */
export const ZRunFilterOptions = z.object({
  benchmarkKeys: z.array(z.string()),
  clusterNames: z.array(z.string()),
  gitBranches: z.array(z.string()),
  variants: z.array(z.string()),
});
export type TRunFilterOptions = z.infer<typeof ZRunFilterOptions>;

/** The load-level coordinates of a trial: one cell of the matrix plus its repetition. */
export const ZTrialCoordinates = z.object({
  variant: z.string().min(1).max(63),
  requestedQps: z.number().positive().nullable(),
  connections: z.number().int().positive(),
  payloadBytes: z.number().int().nonnegative(),
  protocol: ZProtocol,
  keepAlive: z.boolean(),
  repetition: z.number().int().positive(),
});
export type TTrialCoordinates = z.infer<typeof ZTrialCoordinates>;

/** One load generator's own numbers in a trial split over several (core's mergeGeneratorResults). */
export const ZGeneratorNumbers = z.object({
  index: z.number().int().nonnegative(),
  /** Its pod, and its CPU over the trial (null: its pod was not sampled). */
  pod: z.string().optional(),
  cpuMillicores: z.number().nullable().optional(),
  startedAt: z.string().nullable(),
  requestedQps: z.number().nullable(),
  connections: z.number().int().nullable(),
  actualQps: z.number(),
  actualDurationSeconds: z.number(),
  requestCount: z.number().int(),
  errorCount: z.number().int(),
});
export type TGeneratorNumbers = z.infer<typeof ZGeneratorNumbers>;

/** A trial's load generators: each one's numbers and their windows' union and overlap. */
export const ZTrialGenerators = z.object({
  each: z.array(ZGeneratorNumbers),
  window: z.object({ unionSeconds: z.number(), overlapSeconds: z.number() }).nullable(),
});
export type TTrialGenerators = z.infer<typeof ZTrialGenerators>;

export const ZTrialRecord = ZTrialCoordinates.extend({
  id: ZId,
  key: z.string(),
  sequence: z.number().int(),
  status: ZTrialStatus,
  failureReason: z.string().nullable(),
  loadGenerator: ZLoadGenerator,
  summaryOnly: z.boolean(),
  resolutionSeconds: z.number().positive().nullable(),
  validityFlags: z.array(ZValidityFlag),
  actualQps: z.number().nullable(),
  durationSeconds: z.number().nullable(),
  requestCount: z.number().int().nullable(),
  errorCount: z.number().int().nullable(),
  summary: ZLatencySummary.nullable(),
  histogram: ZHistogram.nullable(),
  /** Scheduled trials of a meshed variant: its path checked from the mesh's counters. */
  pathCheck: ZPathCheck.nullable().optional(),
  /** A trial split over several load generators: each one's numbers (absent for one). */
  generators: ZTrialGenerators.optional(),
  /** Throughput over time (per-second counts); null when the source had none. */
  rateSeries: ZRateSeries.nullable().optional(),
});
export type TTrialRecord = z.infer<typeof ZTrialRecord>;

/** A trial as tables list it: the load generator's own numbers, without the histogram. */
export const ZTrialRow = ZTrialRecord.omit({ histogram: true, rateSeries: true });
export type TTrialRow = z.infer<typeof ZTrialRow>;

/** What started a run: a person or CI (manual), or a schedule (its id); uploads say manual. */
export const ZRunTrigger = z.object({
  kind: z.enum(["manual", "schedule"]),
  scheduleId: ZId.nullable(),
});
/** A queued run whose cluster another run is using: which run, so its page can say so. */
export const ZRunWaitingFor = z.object({ clusterName: z.string(), runId: ZId });

export const ZRunDetail = ZRunListItem.extend({
  environment: z.record(z.string(), z.unknown()).nullable(),
  labels: z.record(z.string(), z.string()),
  gitRepo: z.string().nullable(),
  gitPr: z.string().nullable(),
  error: z.string().nullable(),
  startedAt: z.date().nullable(),
  /** When retention pruned the run's histograms and resource samples (summaries stay); null: intact. */
  histogramsPrunedAt: z.date().nullable().optional(),
  trials: z.array(ZTrialRecord),
  trigger: ZRunTrigger.optional(),
  waitingFor: ZRunWaitingFor.nullable().optional(),
});
export type TRunDetail = z.infer<typeof ZRunDetail>;

/**
 * Schedule a saved benchmark on a registered cluster. The dashboard names both by id; CI (REST,
 * `meshbench run <benchmark> --cluster <name>`) by the benchmark's key and the cluster's name.
 */
export const ZStartRunInput = z
  .object({
    benchmarkId: ZId.optional(),
    benchmarkKey: z.string().min(1).max(64).optional(),
    clusterId: ZId.optional(),
    clusterName: z.string().min(1).max(63).optional(),
    title: z.string().min(1).max(200).nullish(),
    /** Stored on the run like an upload's, so history and verdicts can reference it by branch. */
    git: ZGitInfo.default({}),
    labels: ZRunLabels.default({}),
  })
  .superRefine((input, ctx) => {
    for (const [id, name] of [
      ["benchmarkId", "benchmarkKey"],
      ["clusterId", "clusterName"],
    ] as const) {
      if ((input[id] === undefined) === (input[name] === undefined))
        ctx.addIssue({ code: "custom", path: [name], message: `give either ${name} or ${id}` });
    }
  });
export type TStartRunInput = z.infer<typeof ZStartRunInput>;
export type TStartRunInputRaw = z.input<typeof ZStartRunInput>;

export const ZStartRunOutput = z.object({
  runId: ZId,
  trialsTotal: z.number().int(),
  estimatedSeconds: z.number(),
});
export type TStartRunOutput = z.infer<typeof ZStartRunOutput>;
