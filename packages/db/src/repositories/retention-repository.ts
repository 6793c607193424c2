import type { TrendCell } from "@meshbench/core";
import type { Database } from "../client";
import { toTrialRecord } from "./trial-mapping";

/** Runs over when their histograms are pruned: the ones whose trials no longer change. */
const OVER = ["succeeded", "failed", "cancelled"] as const;

/**
 * Retention (issue 27): a workspace's policy (keep full histograms and resource samples for D
 * days) and the prune it drives. A pruned run keeps its rows, summaries, validity flags, per-cell
 * statistics (history) and verdicts; its trials lose the histogram (and read as summary-only) and
 * its resource samples are deleted.
 */
export function createRetentionRepository(db: Database) {
  return {
    async get(workspaceId: string): Promise<number | null> {
      const ws = await db.workspace.findUnique({
        where: { id: workspaceId },
        select: { retentionDays: true },
      });
      return ws?.retentionDays ?? null;
    },

    async set(workspaceId: string, retentionDays: number | null) {
      await db.workspace.update({ where: { id: workspaceId }, data: { retentionDays } });
    },

    /** Every workspace with a policy. */
    async policies(): Promise<{ workspaceId: string; retentionDays: number }[]> {
      const rows = await db.workspace.findMany({
        where: { retentionDays: { not: null } },
        select: { id: true, retentionDays: true },
      });
      return rows.map((r) => ({ workspaceId: r.id, retentionDays: r.retentionDays! }));
    },

    /** Up to `limit` runs of the workspace, over and created before `before`, not pruned yet, with their succeeded trials. */
    async due(workspaceId: string, before: Date, limit: number) {
      const runs = await db.run.findMany({
        where: {
          workspaceId,
          status: { in: [...OVER] },
          createdAt: { lt: before },
          histogramsPrunedAt: null,
        },
        orderBy: { createdAt: "asc" },
        take: limit,
        select: {
          id: true,
          cellSummaries: true,
          trials: { where: { status: "succeeded" }, orderBy: { sequence: "asc" } },
        },
      });
      return runs.map((r) => ({
        id: r.id,
        cells: (r.cellSummaries ?? null) as TrendCell[] | null,
        trials: r.trials.map(toTrialRecord),
      }));
    },

    /**
     * Prunes one run in one transaction: its per-cell statistics stored first (computed by the
     * caller from the histograms about to go), then the histograms and resource samples removed.
     */
    async prune(runId: string, cells: TrendCell[], at: Date) {
      await db.$transaction([
        db.run.update({
          where: { id: runId },
          data: { cellSummaries: cells as unknown as object[], histogramsPrunedAt: at },
        }),
        db.trial.updateMany({
          where: { runId, histogram: { not: null } },
          data: { histogram: null, summaryOnly: true },
        }),
        db.resourceSample.deleteMany({ where: { runId } }),
      ]);
    },
  };
}

export type RetentionRepository = ReturnType<typeof createRetentionRepository>;
