import type { TTrialRecord } from "@meshbench/contracts";
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
    /** The latest succeeded run of the benchmark on `branch` (or labelled `tag=<tag>`), other than `excludeRunId`. */
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
        ...(reference.branch ? { gitBranch: reference.branch } : {}),
        ...(reference.tag ? { labels: { path: ["tag"], equals: reference.tag } } : {}),
      };
      return db.run.findFirst({
        where,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        select: { id: true, gitBranch: true, gitCommit: true, createdAt: true },
      });
    },

    /** The benchmark's latest succeeded runs with their trials, oldest first (for trend charts). */
    async listBenchmarkRuns(
      workspaceId: string,
      benchmarkKey: string,
      options: { limit: number; gitBranch?: string },
    ): Promise<HistoryRun[]> {
      const rows = await db.run.findMany({
        where: {
          workspaceId,
          status: "succeeded",
          benchmark: { key: benchmarkKey },
          ...(options.gitBranch ? { gitBranch: options.gitBranch } : {}),
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
          trials: { where: { status: "succeeded" }, orderBy: { sequence: "asc" } },
        },
      });
      return rows.reverse().map((r) => ({
        ...r,
        labels: (r.labels ?? {}) as Record<string, string>,
        trials: r.trials.map(toTrialRecord),
      }));
    },
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
