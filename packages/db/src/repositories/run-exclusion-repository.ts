import type { TRunExclusion } from "@meshbench/contracts";
import type { Database } from "../client";

const SELECT = { runId: true, reason: true, excludedAt: true, excludedByUserId: true } as const;

/** Runs left out of history, change points and baselines: one annotation row per run. */
export function createRunExclusionRepository(db: Database) {
  return {
    /** The run's exclusion or null; undefined when the workspace has no such run. */
    async get(workspaceId: string, runId: string): Promise<TRunExclusion | null | undefined> {
      const run = await db.run.findFirst({
        where: { id: runId, workspaceId },
        select: { exclusion: { select: SELECT } },
      });
      return run ? run.exclusion : undefined;
    },

    /**
     * Excludes a run of the workspace (a later call replaces the reason); null when the workspace
     * has no such run, so nothing is written for another tenant's run.
     */
    async exclude(
      workspaceId: string,
      input: { runId: string; reason: string; excludedByUserId: string | null },
      at = new Date(),
    ): Promise<TRunExclusion | null> {
      const run = await db.run.findFirst({
        where: { id: input.runId, workspaceId },
        select: { id: true },
      });
      if (!run) return null;
      const data = {
        reason: input.reason,
        excludedByUserId: input.excludedByUserId,
        excludedAt: at,
      };
      return db.runExclusion.upsert({
        where: { runId: run.id },
        update: data,
        create: { runId: run.id, workspaceId, ...data },
        select: SELECT,
      });
    },

    /** Includes the run again; false when it was not excluded (in this workspace). */
    async include(workspaceId: string, runId: string): Promise<boolean> {
      const { count } = await db.runExclusion.deleteMany({ where: { workspaceId, runId } });
      return count > 0;
    },
  };
}

export type RunExclusionRepository = ReturnType<typeof createRunExclusionRepository>;
