import { ACTIVE_RUN_STATUSES, type TTrialCoordinates } from "@meshbench/contracts";
import type { Database } from "../client";
import type { Prisma } from "../generated/prisma/client";

/**
 * The scheduler's view of a run: claim, per-trial progress, environment, finish, cancel.
 * Writes are conditional on the run's status, so a cancelled run never flips back to running.
 */
export function createRunExecutionRepository(db: Database) {
  return {
    async createScheduled(
      workspaceId: string,
      input: {
        benchmarkId: string;
        clusterId: string;
        title: string;
        trialsTotal: number;
        /** Stored like an upload's, so history and verdicts can reference the run by branch. */
        git?: { repo?: string; commit?: string; branch?: string; pr?: string };
        labels?: Record<string, string>;
      },
    ) {
      const { git = {}, labels = {}, ...rest } = input;
      const run = await db.run.create({
        data: {
          workspaceId,
          ...rest,
          source: "scheduled",
          status: "queued",
          labels,
          gitRepo: git.repo ?? null,
          gitCommit: git.commit ?? null,
          gitBranch: git.branch ?? null,
          gitPr: git.pr ?? null,
        },
        select: { id: true },
      });
      return run.id;
    },

    async load(workspaceId: string, runId: string) {
      return db.run.findFirst({
        where: { id: runId, workspaceId },
        select: {
          id: true,
          status: true,
          benchmarkId: true,
          clusterId: true,
          trials: { select: { key: true, status: true } },
        },
      });
    },

    /** queued → running (or running again after a crashed worker); false when it must not run. */
    async claim(workspaceId: string, runId: string, at = new Date()) {
      const { count } = await db.run.updateMany({
        where: { id: runId, workspaceId, status: { in: [...ACTIVE_RUN_STATUSES] } },
        data: { status: "running" },
      });
      await db.run.updateMany({
        where: { id: runId, workspaceId, startedAt: null },
        data: { startedAt: at },
      });
      return count > 0;
    },

    async status(workspaceId: string, runId: string) {
      const run = await db.run.findFirst({
        where: { id: runId, workspaceId },
        select: { status: true },
      });
      return run?.status ?? null;
    },

    async statuses(runIds: string[]) {
      const rows = await db.run.findMany({
        where: { id: { in: runIds } },
        select: { id: true, status: true },
      });
      return new Map(rows.map((r) => [r.id, r.status]));
    },

    async setEnvironment(workspaceId: string, runId: string, environment: Record<string, unknown>) {
      await db.run.updateMany({
        where: { id: runId, workspaceId },
        data: { environment: environment as Prisma.InputJsonValue },
      });
    },

    /** Marks a trial running or failed (upsert on its key; a succeeded trial is never downgraded). */
    async markTrial(
      workspaceId: string,
      runId: string,
      input: {
        /** The trial's key (core trialKey of its coordinates), as the caller planned it. */
        key: string;
        coordinates: TTrialCoordinates;
        sequence: number;
        status: "running" | "failed" | "skipped";
        failureReason?: string;
      },
    ) {
      const run = await db.run.findFirst({
        where: { id: runId, workspaceId },
        select: { id: true },
      });
      if (!run) return;
      const { key } = input;
      const now = new Date();
      const data = {
        status: input.status,
        failureReason: input.failureReason ?? null,
        ...(input.status === "running" ? { startedAt: now } : { finishedAt: now }),
      };
      await db.trial.upsert({
        where: { runId_key: { runId, key } },
        create: { runId, key, ...input.coordinates, sequence: input.sequence, ...data },
        update: {},
      });
      await db.trial.updateMany({ where: { runId, key, status: { not: "succeeded" } }, data });
    },

    /** A run whose trials are not planned ahead (a capacity search) states its count as it goes. */
    async setTrialsTotal(workspaceId: string, runId: string, trialsTotal: number) {
      await db.run.updateMany({ where: { id: runId, workspaceId }, data: { trialsTotal } });
    },

    async finish(
      workspaceId: string,
      runId: string,
      status: "succeeded" | "failed",
      error: string | null = null,
    ) {
      await db.run.updateMany({
        where: { id: runId, workspaceId, status: "running" },
        data: { status, error, finishedAt: new Date() },
      });
    },

    /** queued/running → cancelled; the worker notices and cleans up. */
    async cancel(workspaceId: string, runId: string) {
      const { count } = await db.run.updateMany({
        where: { id: runId, workspaceId, status: { in: [...ACTIVE_RUN_STATUSES] } },
        data: { status: "cancelled", finishedAt: new Date() },
      });
      return count > 0;
    },
  };
}

export type RunExecutionRepository = ReturnType<typeof createRunExecutionRepository>;
