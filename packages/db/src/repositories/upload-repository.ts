import type { Database } from "../client";
import type { Prisma } from "../generated/prisma/client";
import {
  createRunRepository,
  type CompletedTrialInput,
  type CreateRunInput,
} from "./run-repository";
import { trialKey } from "./trial-key";

export type UploadRunInput = Omit<
  CreateRunInput,
  "source" | "status" | "benchmarkId" | "clusterId"
> & {
  benchmarkKey: string;
  trials: CompletedTrialInput[];
};

/**
 * Stores a CI upload as one succeeded run of source `ci_upload`, all or nothing. A benchmark key
 * seen for the first time creates a benchmark record (with no budgets) so history can group it.
 */
export function createUploadRepository(db: Database) {
  return {
    async createUploadRun(workspaceId: string, input: UploadRunInput) {
      const { benchmarkKey, trials, ...run } = input;
      return db.$transaction(
        async (tx) => {
          const benchmark = await tx.benchmark.upsert({
            where: { workspaceId_key: { workspaceId, key: benchmarkKey } },
            update: {},
            create: {
              workspaceId,
              key: benchmarkKey,
              name: benchmarkKey,
              description: "Created by a CI upload.",
              target: { kind: "external" },
              variants: [...new Set(trials.map((t) => t.coordinates.variant))].map((name) => ({
                name,
              })),
              loadMatrix: {},
              methodology: {},
            },
            select: { id: true },
          });
          // The run repository over the transaction client, so the trial mapping lives in one place.
          const runs = createRunRepository(tx as unknown as Database);
          const now = new Date();
          const runId = await runs.create(workspaceId, {
            ...run,
            source: "ci_upload",
            status: "running",
            benchmarkId: benchmark.id,
          });
          for (const trial of trials) await runs.recordCompletedTrial(workspaceId, runId, trial);
          await tx.run.update({
            where: { id: runId },
            data: {
              status: "succeeded",
              trialsTotal: trials.length,
              trialsDone: trials.length,
              startedAt: now,
              finishedAt: now,
            },
          });
          return { runId, trialKeys: trials.map((t) => trialKey(t.coordinates)) };
        },
        { timeout: 30_000 },
      );
    },

    async getBenchmark(workspaceId: string, key: string) {
      return db.benchmark.findUnique({
        where: { workspaceId_key: { workspaceId, key } },
        select: { id: true, key: true, name: true, budgets: true },
      });
    },

    async setBudgets(workspaceId: string, key: string, budgets: unknown) {
      const updated = await db.benchmark.updateMany({
        where: { workspaceId, key },
        data: { budgets: budgets as Prisma.InputJsonValue },
      });
      return updated.count > 0;
    },
  };
}

export type UploadRepository = ReturnType<typeof createUploadRepository>;
