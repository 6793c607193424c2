import {
  ACTIVE_RUN_STATUSES,
  type TBenchmarkDefinition,
  type TTrialCoordinates,
} from "@meshbench/contracts";
import type { Database } from "../client";
import type { Prisma } from "../generated/prisma/client";
import { readSnapshot } from "./definition-snapshot";
import { runCreateData } from "./run-repository";

/**
 * The lock that serialises what happens to one cluster's runs (a start under its caps, a worker's
 * claim): transaction-scoped, so it goes with the transaction whatever happens.
 */
function lockCluster(tx: Pick<Prisma.TransactionClient, "$executeRaw">, clusterId: string) {
  return tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`meshbench-cluster:${clusterId}`}))`;
}

/** A claim: the run is now running, or it is not, and which run holds its cluster if that is why. */
export type ClaimResult = { claimed: true } | { claimed: false; busyWith: string | null };

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
        /** The benchmark's definition: its snapshot is written in the same insert as the run. */
        definition: TBenchmarkDefinition;
        /** The schedule that fired it (trigger: schedule), if any. */
        scheduleId?: string;
      },
      /**
       * Admits the run given how many runs are active (queued or running) on its cluster, or
       * throws. Counted and inserted under the cluster's lock, so two starts racing for the last
       * slot of a concurrent-runs cap cannot both see it free.
       */
      admit: (activeRuns: number) => void,
    ) {
      const { trialsTotal, scheduleId, ...rest } = input;
      return db.$transaction(
        async (tx) => {
          await lockCluster(tx, input.clusterId);
          admit(
            await tx.run.count({
              where: {
                workspaceId,
                clusterId: input.clusterId,
                status: { in: [...ACTIVE_RUN_STATUSES] },
              },
            }),
          );
          const run = await tx.run.create({
            data: {
              ...runCreateData(workspaceId, { ...rest, source: "scheduled", status: "queued" }),
              trialsTotal,
              scheduleId: scheduleId ?? null,
            },
            select: { id: true },
          });
          return run.id;
        },
        // Starts on one cluster queue behind its lock: wait for it rather than fail a burst.
        { maxWait: 10_000, timeout: 20_000 },
      );
    },

    /** The run's state, its definition snapshot (what it runs, whatever the benchmark says now) and trials. */
    async load(workspaceId: string, runId: string) {
      const row = await db.run.findFirst({
        where: { id: runId, workspaceId },
        select: {
          id: true,
          status: true,
          benchmarkId: true,
          clusterId: true,
          definition: true,
          trials: { select: { key: true, status: true } },
        },
      });
      return row && { ...row, definition: readSnapshot(row.definition) };
    },

    /**
     * queued → running (or running again after a crashed worker). The cluster guard: under a
     * transaction-scoped advisory lock on the run's cluster, a run whose cluster another run is
     * running on stays queued and records which run it waits for (two worker processes cannot
     * both start on one cluster: the second waits for the lock, then sees the first running).
     */
    async claim(workspaceId: string, runId: string, at = new Date()): Promise<ClaimResult> {
      return db.$transaction(async (tx) => {
        const run = await tx.run.findFirst({
          where: { id: runId, workspaceId },
          select: { clusterId: true },
        });
        if (!run) return { claimed: false, busyWith: null };
        if (run.clusterId) {
          await lockCluster(tx, run.clusterId);
          const other = await tx.run.findFirst({
            where: { clusterId: run.clusterId, status: "running", id: { not: runId } },
            orderBy: { startedAt: "asc" },
            select: { id: true },
          });
          if (other) {
            await tx.run.updateMany({
              where: { id: runId, workspaceId, status: "queued" },
              data: { waitingForRunId: other.id },
            });
            return { claimed: false, busyWith: other.id };
          }
        }
        const { count } = await tx.run.updateMany({
          where: { id: runId, workspaceId, status: { in: [...ACTIVE_RUN_STATUSES] } },
          data: { status: "running", waitingForRunId: null },
        });
        await tx.run.updateMany({
          where: { id: runId, workspaceId, startedAt: null },
          data: { startedAt: at },
        });
        return count > 0 ? { claimed: true } : { claimed: false, busyWith: null };
      });
    },

    /**
     * Queued runs that waited for a cluster which no run is using any more, oldest first, one per
     * cluster: the worker hands them to the queue again.
     */
    async waitingRunsToWake() {
      const waiting = await db.run.findMany({
        where: { status: "queued", waitingForRunId: { not: null }, clusterId: { not: null } },
        orderBy: { createdAt: "asc" },
        select: { id: true, workspaceId: true, clusterId: true },
      });
      const clusterIds = [...new Set(waiting.map((r) => r.clusterId!))];
      const busy = await db.run.findMany({
        where: { clusterId: { in: clusterIds }, status: "running" },
        select: { clusterId: true },
      });
      const taken = new Set(busy.map((r) => r.clusterId));
      return waiting.flatMap((r) => {
        if (taken.has(r.clusterId)) return [];
        taken.add(r.clusterId);
        return [{ runId: r.id, workspaceId: r.workspaceId }];
      });
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
