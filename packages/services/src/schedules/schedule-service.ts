import {
  DomainError,
  type TCreateScheduleInput,
  type TListSchedulesInput,
  type TSchedule,
  type TUpdateScheduleInput,
} from "@meshbench/contracts";
import { nextDueTimes, scheduleTimingProblem, type ScheduleTiming } from "@meshbench/core";
import type {
  BenchmarkRepository,
  ClusterRepository,
  ScheduleRepository,
  StoredSchedule,
} from "@meshbench/db";
import type { AuditActor, AuditService } from "../audit/audit-service";

const PREVIEW_COUNT = 5;

type Deps = {
  schedules: ScheduleRepository;
  benchmarks: BenchmarkRepository;
  clusters: ClusterRepository;
  audit: Pick<AuditService, "record">;
};

/** A timing the caller may store, or BAD_REQUEST naming the field (`cron` or `timezone`). */
function checkedTiming(timing: ScheduleTiming): ScheduleTiming {
  const problem = scheduleTimingProblem(timing);
  if (problem) throw new DomainError("BAD_REQUEST", problem.message, problem.field);
  return { cron: timing.cron.trim(), timezone: timing.timezone.trim() };
}

/**
 * Schedules per benchmark × cluster: created, listed with their next due times and latest
 * firings, edited, enabled/disabled, deleted. Firing is `createScheduleFiring`'s job (the worker).
 */
export function createScheduleService(deps: Deps) {
  const { schedules, benchmarks, clusters, audit } = deps;
  /** One audit entry per change: what the schedule runs where, and when (no secrets in it). */
  type Audited = Pick<
    TSchedule,
    "id" | "benchmarkKey" | "clusterName" | "cron" | "timezone" | "enabled"
  >;
  const audited = (workspaceId: string, actor: AuditActor, action: string, s: Audited) =>
    audit.record(workspaceId, {
      ...actor,
      action,
      targetType: "schedule",
      targetId: s.id,
      metadata: {
        benchmarkKey: s.benchmarkKey,
        clusterName: s.clusterName,
        cron: s.cron,
        timezone: s.timezone,
        enabled: s.enabled,
      },
    });

  async function view(rows: StoredSchedule[], now: Date): Promise<TSchedule[]> {
    const firings = await schedules.firings(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      benchmarkId: r.benchmarkId,
      benchmarkKey: r.benchmarkKey,
      clusterId: r.clusterId,
      clusterName: r.clusterName,
      cron: r.cron,
      timezone: r.timezone,
      enabled: r.enabled,
      nextRuns: r.enabled ? nextDueTimes(r, now, PREVIEW_COUNT) : [],
      createdAt: r.createdAt,
      firings: firings.get(r.id) ?? [],
    }));
  }

  async function one(workspaceId: string, scheduleId: string, now: Date) {
    const row = await schedules.get(workspaceId, scheduleId);
    if (!row) throw new DomainError("NOT_FOUND", "Schedule not found", "scheduleId");
    const [schedule] = await view([row], now);
    return schedule!;
  }

  return {
    /** The next five due times of a timing (the form's preview); BAD_REQUEST naming the field. */
    preview(timing: ScheduleTiming, now = new Date()) {
      return { nextRuns: nextDueTimes(checkedTiming(timing), now, PREVIEW_COUNT) };
    },

    async create(
      workspaceId: string,
      input: TCreateScheduleInput,
      actor: AuditActor,
      now = new Date(),
    ) {
      const timing = checkedTiming(input);
      const benchField = input.benchmarkId !== undefined ? "benchmarkId" : "benchmarkKey";
      const bench =
        input.benchmarkId !== undefined
          ? await benchmarks.get(workspaceId, input.benchmarkId)
          : await benchmarks.getByKey(workspaceId, input.benchmarkKey ?? "");
      if (!bench) throw new DomainError("NOT_FOUND", "Benchmark not found", benchField);
      if (bench.archivedAt)
        throw new DomainError(
          "PRECONDITION_FAILED",
          `The benchmark ${bench.definition.key} is archived: restore it to schedule it`,
          benchField,
        );
      const clusterField = input.clusterId !== undefined ? "clusterId" : "clusterName";
      const cluster =
        input.clusterId !== undefined
          ? await clusters.get(workspaceId, input.clusterId)
          : await clusters.getByName(workspaceId, input.clusterName ?? "");
      if (!cluster) throw new DomainError("NOT_FOUND", "Cluster not found", clusterField);
      const row = await schedules.create(workspaceId, {
        benchmarkId: bench.id,
        clusterId: cluster.id,
        ...timing,
        enabled: input.enabled,
      });
      const created = await one(workspaceId, row.id, now);
      await audited(workspaceId, actor, "schedule.created", created);
      return created;
    },

    async list(workspaceId: string, input: TListSchedulesInput, now = new Date()) {
      let benchmarkId = input.benchmarkId;
      if (input.benchmarkKey !== undefined) {
        const bench = await benchmarks.getByKey(workspaceId, input.benchmarkKey);
        if (!bench) throw new DomainError("NOT_FOUND", "Benchmark not found", "benchmarkKey");
        benchmarkId = bench.id;
      }
      return view(await schedules.list(workspaceId, benchmarkId), now);
    },

    get: (workspaceId: string, scheduleId: string, now = new Date()) =>
      one(workspaceId, scheduleId, now),

    /**
     * A new timing, or enabled/disabled. Enabling again or changing the timing starts due times
     * from now: the time a schedule was off is not caught up. Audited once per call that changes
     * something: `schedule.enabled`/`disabled` when only that changed, else `schedule.updated`.
     */
    async update(
      workspaceId: string,
      input: TUpdateScheduleInput,
      actor: AuditActor,
      now = new Date(),
    ) {
      const current = await schedules.get(workspaceId, input.scheduleId);
      if (!current) throw new DomainError("NOT_FOUND", "Schedule not found", "scheduleId");
      const timingChanged = input.cron !== undefined || input.timezone !== undefined;
      const timing = timingChanged
        ? checkedTiming({
            cron: input.cron ?? current.cron,
            timezone: input.timezone ?? current.timezone,
          })
        : {};
      const enabling = input.enabled === true && !current.enabled;
      await schedules.update(workspaceId, input.scheduleId, {
        ...timing,
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        ...(timingChanged || enabling ? { handledUntil: now } : {}),
      });
      const updated = await one(workspaceId, input.scheduleId, now);
      const retimed = updated.cron !== current.cron || updated.timezone !== current.timezone;
      if (retimed) await audited(workspaceId, actor, "schedule.updated", updated);
      else if (updated.enabled !== current.enabled)
        await audited(
          workspaceId,
          actor,
          updated.enabled ? "schedule.enabled" : "schedule.disabled",
          updated,
        );
      return updated;
    },

    async delete(workspaceId: string, scheduleId: string, actor: AuditActor) {
      const existing = await schedules.get(workspaceId, scheduleId);
      if (!existing || !(await schedules.delete(workspaceId, scheduleId)))
        throw new DomainError("NOT_FOUND", "Schedule not found", "scheduleId");
      await audited(workspaceId, actor, "schedule.deleted", existing);
      return { deleted: true as const };
    },
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
