import type {
  TBenchmarkDefinition,
  TDefinitionSnapshot,
  TDefinitionSource,
  TImportedFrom,
  TPathCheck,
  TRateSeries,
  TRunDetail,
  TTrialRow,
  TRunSource,
  TRunStatus,
  TTrialCoordinates,
  TTrialResult,
  TValidityFlag,
} from "@meshbench/contracts";
import { encodeHistogram } from "@meshbench/core";
import type { Database } from "../client";
import type { Prisma } from "../generated/prisma/client";
import { definitionSnapshot, readImportedFrom, readSnapshot } from "./definition-snapshot";
import { listRuns, listSelect, toListItem, type RunListPageOptions } from "./run-list";
import { toTrialRecord, toTrialRow } from "./trial-mapping";

export type CreateRunInput = {
  title: string;
  source: TRunSource;
  status?: TRunStatus;
  benchmarkId?: string | null;
  clusterId?: string | null;
  environment?: Record<string, unknown> | null;
  labels?: Record<string, string>;
  git?: { repo?: string; commit?: string; branch?: string; pr?: string };
  /** The benchmark's resolved definition: stored as the run's snapshot in the same insert. */
  definition?: TBenchmarkDefinition | null;
};

export type CompletedTrialInput = {
  /** The trial's key (core trialKey of its coordinates), computed once by whoever assessed it. */
  key: string;
  coordinates: TTrialCoordinates;
  sequence: number;
  result: TTrialResult;
  validityFlags: TValidityFlag[];
  /** The path check of a scheduled trial of a meshed variant (core's judgePath). */
  pathCheck?: TPathCheck | null;
  /** Throughput over time, when the source had per-request records (core's rate series). */
  rateSeries?: TRateSeries | null;
};

/** The Run row of a new run (shared with the upload repository's nested insert). */
export function runCreateData(workspaceId: string, input: CreateRunInput) {
  return {
    workspaceId,
    title: input.title,
    source: input.source,
    status: input.status ?? "queued",
    benchmarkId: input.benchmarkId ?? null,
    clusterId: input.clusterId ?? null,
    environment: (input.environment ?? undefined) as Prisma.InputJsonValue | undefined,
    labels: input.labels ?? {},
    gitRepo: input.git?.repo ?? null,
    gitCommit: input.git?.commit ?? null,
    gitBranch: input.git?.branch ?? null,
    gitPr: input.git?.pr ?? null,
    ...(input.definition
      ? {
          definition: definitionSnapshot(input.definition),
          definitionSource: "snapshot" as const,
        }
      : {}),
  } satisfies Prisma.RunUncheckedCreateInput;
}

/** The Trial columns of a finished trial (the one place a result becomes a row). */
export function completedTrialData(input: CompletedTrialInput) {
  const r = input.result;
  return {
    ...input.coordinates,
    sequence: input.sequence,
    status: "succeeded" as const,
    loadGenerator: r.loadGenerator,
    summaryOnly: r.histogram === null,
    resolutionSeconds: r.resolutionSeconds,
    validityFlags: input.validityFlags,
    actualQps: r.actualQps,
    durationSeconds: r.actualDurationSeconds,
    requestCount: r.requestCount,
    errorCount: r.errorCount,
    summary: r.summary,
    histogram: r.histogram ? Buffer.from(encodeHistogram(r.histogram)) : null,
    meta: {
      ...r.meta,
      runType: r.runType,
      labels: r.labels,
      retCodes: r.retCodes,
    } as Prisma.InputJsonValue,
    ...(input.pathCheck ? { pathCheck: input.pathCheck as Prisma.InputJsonValue } : {}),
    ...(input.rateSeries ? { rateSeries: input.rateSeries as Prisma.InputJsonValue } : {}),
    startedAt: r.startedAt ? new Date(r.startedAt) : null,
    finishedAt: new Date(),
  };
}

/**
 * What a run is on record as, besides its detail: the definition it was created with and, for an
 * imported run, where it came from. Transports' output schemas strip these where not wanted.
 */
export type RunRecordParts = {
  definition: TDefinitionSnapshot | null;
  definitionSource: TDefinitionSource | null;
  importedFrom: TImportedFrom | null;
};
export type RunRecord = TRunDetail & RunRecordParts;

/** A run with its trials as rows: everything but the histograms, none of which is decoded. */
export type RunWithTrialRows = Omit<TRunDetail, "trials"> &
  RunRecordParts & { trials: TTrialRow[] };

const detailSelect = {
  ...listSelect,
  environment: true,
  labels: true,
  gitRepo: true,
  gitPr: true,
  error: true,
  startedAt: true,
  histogramsPrunedAt: true,
  definition: true,
  definitionSource: true,
  scheduleId: true,
  waitingForRunId: true,
  trials: { orderBy: { sequence: "asc" } },
} satisfies Prisma.RunSelect;

/** Every query is scoped by workspace id: a run of another workspace simply does not exist. */
export function createRunRepository(db: Database) {
  /**
   * A run with its trials. `{ histograms: false }` for callers that read no latency histogram
   * (progress, lists, statuses): the trials come as rows and no histogram is decoded.
   */
  function get(workspaceId: string, runId: string): Promise<RunRecord | null>;
  function get(
    workspaceId: string,
    runId: string,
    options: { histograms: false },
  ): Promise<RunWithTrialRows | null>;
  async function get(
    workspaceId: string,
    runId: string,
    options: { histograms?: boolean } = {},
  ): Promise<RunRecord | RunWithTrialRows | null> {
    const row = await db.run.findFirst({
      where: { id: runId, workspaceId },
      select: detailSelect,
    });
    if (!row) return null;
    const {
      trials,
      environment,
      labels,
      gitRepo,
      gitPr,
      error,
      startedAt,
      histogramsPrunedAt,
      ...rest
    } = row;
    const { definition, definitionSource, scheduleId, waitingForRunId, ...list } = rest;
    const item = toListItem(list);
    return {
      ...item,
      trigger: { kind: scheduleId ? "schedule" : "manual", scheduleId },
      waitingFor:
        item.status === "queued" && waitingForRunId && item.clusterName
          ? { clusterName: item.clusterName, runId: waitingForRunId }
          : null,
      definition: readSnapshot(definition),
      definitionSource,
      importedFrom: readImportedFrom(list.importedFrom),
      environment: (environment ?? null) as Record<string, unknown> | null,
      labels: (labels ?? {}) as Record<string, string>,
      gitRepo,
      gitPr,
      error,
      startedAt,
      histogramsPrunedAt,
      trials:
        options.histograms === false
          ? trials.map((t) => toTrialRow(t))
          : trials.map((t) => toTrialRecord(t)),
    };
  }

  return {
    async create(workspaceId: string, input: CreateRunInput) {
      const run = await db.run.create({
        data: runCreateData(workspaceId, input),
        select: { id: true },
      });
      return run.id;
    },

    list: (workspaceId: string, options: RunListPageOptions) => listRuns(db, workspaceId, options),

    /** The values the runs-list filters can take in this workspace. */
    async listFilterOptions(workspaceId: string) {
      const [benchmarks, clusters, branches, variants] = await Promise.all([
        db.benchmark.findMany({
          where: { workspaceId },
          select: { key: true },
          orderBy: { key: "asc" },
        }),
        db.cluster.findMany({
          where: { workspaceId },
          select: { name: true },
          orderBy: { name: "asc" },
        }),
        db.run.findMany({
          where: { workspaceId, gitBranch: { not: null } },
          distinct: ["gitBranch"],
          select: { gitBranch: true },
          take: 200,
        }),
        db.trial.findMany({
          where: { run: { workspaceId } },
          distinct: ["variant"],
          select: { variant: true },
          take: 200,
        }),
      ]);
      return {
        benchmarkKeys: benchmarks.map((b) => b.key),
        clusterNames: clusters.map((c) => c.name),
        gitBranches: branches.flatMap((b) => (b.gitBranch ? [b.gitBranch] : [])).sort(),
        variants: variants.map((v) => v.variant).sort(),
      };
    },

    get,

    /** Stores a finished trial (upsert on its key, so a retried write never duplicates). */
    async recordCompletedTrial(workspaceId: string, runId: string, input: CompletedTrialInput) {
      const run = await db.run.findFirst({
        where: { id: runId, workspaceId },
        select: { id: true },
      });
      if (!run) return null;
      const data = completedTrialData(input);
      const key = input.key;
      const trial = await db.trial.upsert({
        where: { runId_key: { runId, key } },
        create: { runId, key, ...data },
        update: data,
        select: { id: true },
      });
      return trial.id;
    },

    async refreshProgress(workspaceId: string, runId: string) {
      const counts = await db.trial.groupBy({
        by: ["status"],
        where: { runId, run: { workspaceId } },
        _count: true,
      });
      const count = (s: string) => counts.find((c) => c.status === s)?._count ?? 0;
      const done = count("succeeded") + count("failed") + count("skipped");
      await db.run.updateMany({
        where: { id: runId, workspaceId },
        data: { trialsDone: done, trialsFailed: count("failed") },
      });
    },

    async setStatus(workspaceId: string, runId: string, status: TRunStatus, at = new Date()) {
      const timestamps =
        status === "running" ? { startedAt: at } : status === "queued" ? {} : { finishedAt: at };
      await db.run.updateMany({
        where: { id: runId, workspaceId },
        data: { status, ...timestamps },
      });
    },
  };
}

export type RunRepository = ReturnType<typeof createRunRepository>;
