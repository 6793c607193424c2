import {
  ZEnvironmentFingerprint,
  type TEnvironmentFingerprint,
  type TRunExclusion,
  type TTrialRecord,
} from "@meshbench/contracts";
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
  trials: TTrialRecord[];
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
     * The benchmark's latest succeeded runs with their trials, oldest first (trend charts, change
     * points). Excluded runs are left out unless `withExcluded` (the history page lists them greyed).
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
          trials: { where: { status: "succeeded" }, orderBy: { sequence: "asc" } },
        },
      });
      return rows.reverse().map(({ environment, ...r }) => {
        const fingerprint = ZEnvironmentFingerprint.safeParse(
          (environment as { fingerprint?: unknown } | null)?.fingerprint,
        );
        return {
          ...r,
          labels: (r.labels ?? {}) as Record<string, string>,
          fingerprint: fingerprint.success ? fingerprint.data : null,
          exclusion: r.exclusion,
          trials: r.trials.map(toTrialRecord),
        };
      });
    },
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
