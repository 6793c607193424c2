import type { TScheduleOutcome } from "@meshbench/contracts";
import type { Database } from "../client";
import { Prisma } from "../generated/prisma/client";

const FIRINGS_SHOWN = 20;

const scheduleSelect = {
  id: true,
  workspaceId: true,
  benchmarkId: true,
  clusterId: true,
  cron: true,
  timezone: true,
  enabled: true,
  lastDueAt: true,
  createdAt: true,
  benchmark: { select: { key: true } },
  cluster: { select: { name: true } },
} satisfies Prisma.ScheduleSelect;

type Row = Prisma.ScheduleGetPayload<{ select: typeof scheduleSelect }>;

function toStored(row: Row) {
  const { benchmark, cluster, ...rest } = row;
  return { ...rest, benchmarkKey: benchmark.key, clusterName: cluster.name };
}
export type StoredSchedule = ReturnType<typeof toStored>;

/** Schedules and their firings; every query but the worker's due scan is scoped by workspace. */
export function createScheduleRepository(db: Database) {
  return {
    async create(
      workspaceId: string,
      input: {
        benchmarkId: string;
        clusterId: string;
        cron: string;
        timezone: string;
        enabled: boolean;
      },
    ) {
      const row = await db.schedule.create({
        data: { workspaceId, ...input },
        select: scheduleSelect,
      });
      return toStored(row);
    },

    async get(workspaceId: string, scheduleId: string) {
      const row = await db.schedule.findFirst({
        where: { id: scheduleId, workspaceId },
        select: scheduleSelect,
      });
      return row && toStored(row);
    },

    async list(workspaceId: string, benchmarkId?: string) {
      const rows = await db.schedule.findMany({
        where: { workspaceId, ...(benchmarkId ? { benchmarkId } : {}) },
        orderBy: { createdAt: "asc" },
        select: scheduleSelect,
      });
      return rows.map(toStored);
    },

    /** The latest firings of each schedule, newest first. */
    async firings(scheduleIds: string[]) {
      if (!scheduleIds.length) return new Map<string, FiringRow[]>();
      const rows = await db.scheduleFiring.findMany({
        where: { scheduleId: { in: scheduleIds } },
        orderBy: { dueAt: "desc" },
        select: {
          scheduleId: true,
          dueAt: true,
          outcome: true,
          runId: true,
          message: true,
          createdAt: true,
        },
      });
      const map = new Map<string, FiringRow[]>();
      for (const { scheduleId, ...row } of rows) {
        const list = map.get(scheduleId) ?? [];
        if (list.length < FIRINGS_SHOWN) list.push(row);
        map.set(scheduleId, list);
      }
      return map;
    },

    /**
     * Timing or enabled changes. Enabling (again) or a new timing starts due times from now
     * (`handledUntil`), so a paused schedule does not fire the time it was off.
     */
    async update(
      workspaceId: string,
      scheduleId: string,
      input: { cron?: string; timezone?: string; enabled?: boolean; handledUntil?: Date },
    ) {
      const { handledUntil, ...rest } = input;
      const { count } = await db.schedule.updateMany({
        where: { id: scheduleId, workspaceId },
        data: { ...rest, ...(handledUntil ? { lastDueAt: handledUntil } : {}) },
      });
      return count > 0;
    },

    async delete(workspaceId: string, scheduleId: string) {
      const { count } = await db.schedule.deleteMany({ where: { id: scheduleId, workspaceId } });
      return count > 0;
    },

    /** Every enabled schedule, across workspaces: the worker's tick judges which are due. */
    async listEnabled() {
      const rows = await db.schedule.findMany({
        where: { enabled: true },
        select: scheduleSelect,
      });
      return rows.map(toStored);
    },

    /**
     * Claims one due time of a schedule: the unique (scheduleId, dueAt) row makes exactly one
     * caller win, whichever worker process it runs in. False when another already handled it.
     */
    async claimFiring(
      scheduleId: string,
      dueAt: Date,
      outcome: TScheduleOutcome,
      message: string | null,
    ) {
      try {
        await db.scheduleFiring.create({ data: { scheduleId, dueAt, outcome, message } });
      } catch (error) {
        if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
          return false;
        throw error;
      }
      await db.schedule.updateMany({
        where: { id: scheduleId, OR: [{ lastDueAt: null }, { lastDueAt: { lt: dueAt } }] },
        data: { lastDueAt: dueAt },
      });
      return true;
    },

    /** The firing's outcome once known: the run it started, or why it failed. */
    async settleFiring(
      scheduleId: string,
      dueAt: Date,
      result: { runId: string } | { failed: string },
    ) {
      await db.scheduleFiring.update({
        where: { scheduleId_dueAt: { scheduleId, dueAt } },
        data:
          "runId" in result
            ? { runId: result.runId }
            : { outcome: "failed", message: result.failed },
      });
    },

    /** The status of the schedule's latest started run (the overlap policy asks it). */
    async latestRunStatus(scheduleId: string) {
      const run = await db.run.findFirst({
        where: { scheduleId },
        orderBy: { createdAt: "desc" },
        select: { id: true, status: true },
      });
      return run;
    },
  };
}

type FiringRow = {
  dueAt: Date;
  outcome: TScheduleOutcome;
  runId: string | null;
  message: string | null;
  createdAt: Date;
};

export type ScheduleRepository = ReturnType<typeof createScheduleRepository>;
