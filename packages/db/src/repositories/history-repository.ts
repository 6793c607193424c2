import {
  ZEnvironmentFingerprint,
  type TEnvironmentFingerprint,
  type TRunExclusion,
  type TTrialRecord,
} from "@meshbench/contracts";
import type { TrendCell } from "@meshbench/core";
import type { Database } from "../client";
import type { Prisma } from "../generated/prisma/client";
import { toTrialRecord } from "./trial-mapping";

export type HistoryRun = {
  id: string;
  title: string;
  createdAt: Date;
  gitBranch: string | null;
  gitCommit: string | null;
  labels: Record<string, string>;
  /** The environment fingerprint the run recorded, or null (uploads, older runs). */
  fingerprint: TEnvironmentFingerprint | null;
  /** Set only when asked for excluded runs too (`withExcluded`) and this is one of them. */
  exclusion: Omit<TRunExclusion, "runId"> | null;
  /** Its stored per-cell statistics; null for a run not summarised yet (the service does it once). */
  cells: TrendCell[] | null;
};

export type ReferenceRun = {
  id: string;
  gitBranch: string | null;
  gitCommit: string | null;
  createdAt: Date;
};

/** Reads across a benchmark's runs: the reference for regression verdicts and trend history. */
export function createHistoryRepository(db: Database) {
  return {
    /**
     * The latest succeeded, not excluded run of the benchmark on `branch` (or labelled
     * `tag=<tag>`), other than `excludeRunId`: an excluded run is never a baseline.
     */
    async findReferenceRun(
      workspaceId: string,
      benchmarkId: string,
      reference: { branch?: string; tag?: string },
      excludeRunId: string,
    ): Promise<ReferenceRun | null> {
      const where: Prisma.RunWhereInput = {
        workspaceId,
        benchmarkId,
        status: "succeeded",
        id: { not: excludeRunId },
        exclusion: { is: null },
        ...(reference.branch ? { gitBranch: reference.branch } : {}),
        ...(reference.tag ? { labels: { path: ["tag"], equals: reference.tag } } : {}),
      };
      return db.run.findFirst({
        where,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        select: { id: true, gitBranch: true, gitCommit: true, createdAt: true },
      });
    },

    /**
     * The benchmark's latest succeeded runs, oldest first, with their stored per-cell statistics
     * (null for a run not summarised yet: the history service computes and saves those once).
     * No trial is read: history of 1,000 runs stays one indexed query (bench: scale). Excluded
     * runs are left out unless `withExcluded` (the history page lists them greyed).
     */
    async listBenchmarkRuns(
      workspaceId: string,
      benchmarkKey: string,
      options: { limit: number; gitBranch?: string; withExcluded?: boolean },
    ): Promise<HistoryRun[]> {
      const rows = await db.run.findMany({
        where: {
          workspaceId,
          status: "succeeded",
          benchmark: { key: benchmarkKey },
          ...(options.gitBranch ? { gitBranch: options.gitBranch } : {}),
          ...(options.withExcluded ? {} : { exclusion: { is: null } }),
        },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: options.limit,
        select: {
          id: true,
          title: true,
          createdAt: true,
          gitBranch: true,
          gitCommit: true,
          labels: true,
          environment: true,
          exclusion: { select: { reason: true, excludedAt: true, excludedByUserId: true } },
          cellSummaries: true,
        },
      });
      return rows.reverse().map(({ environment, cellSummaries, ...r }) => {
        const fingerprint = ZEnvironmentFingerprint.safeParse(
          (environment as { fingerprint?: unknown } | null)?.fingerprint,
        );
        return {
          ...r,
          labels: (r.labels ?? {}) as Record<string, string>,
          fingerprint: fingerprint.success ? fingerprint.data : null,
          exclusion: r.exclusion,
          cells: (cellSummaries ?? null) as TrendCell[] | null,
        };
      });
    },

    /** The succeeded trials of these runs (in order), for summarising runs that have none yet. */
    async succeededTrials(runIds: readonly string[]): Promise<Map<string, TTrialRecord[]>> {
      const byRun = new Map<string, TTrialRecord[]>(runIds.map((id) => [id, []]));
      if (runIds.length === 0) return byRun;
      const rows = await db.trial.findMany({
        where: { runId: { in: [...runIds] }, status: "succeeded" },
        orderBy: [{ runId: "asc" }, { sequence: "asc" }],
      });
      for (const row of rows) byRun.get(row.runId)?.push(toTrialRecord(row));
      return byRun;
    },

    /** Stores finished runs' per-cell statistics (written once; a run's trials no longer change). */
    async saveCellSummaries(entries: readonly { runId: string; cells: TrendCell[] }[]) {
      if (entries.length === 0) return;
      await db.$executeRaw`
        UPDATE "Run" AS r SET "cellSummaries" = x.cells
        FROM jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) AS x("runId" text, cells jsonb)
        WHERE r."id" = x."runId"`;
    },
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
