import { DomainError, isRunActive, type TScheduleOutcome } from "@meshbench/contracts";
import { dueToFire, meshVersionLabels, missedWording } from "@meshbench/core";
import type { BenchmarkRepository, ClusterRepository, ScheduleRepository } from "@meshbench/db";
import type { RunSchedulingService } from "../runs/run-scheduling-service";

/** The run label that names the schedule a run came from. */
export const SCHEDULE_LABEL = "meshbench.schedule";

type Deps = {
  schedules: ScheduleRepository;
  benchmarks: BenchmarkRepository;
  clusters: ClusterRepository;
  scheduling: Pick<RunSchedulingService, "startOn">;
};

export type FiringOutcome = {
  scheduleId: string;
  dueAt: Date;
  outcome: TScheduleOutcome;
  runId: string | null;
};

const joined = (...parts: (string | null)[]) => parts.filter(Boolean).join("; ") || null;

/**
 * The scheduler's tick: for each enabled schedule, the due time core says to fire at `now`
 * (`dueToFire`, bounded catch-up), claimed once across every worker process by its unique
 * (schedule, due time) row — the row is the `scheduleId@dueAt` key — then started through the
 * same `startOn` the Run button uses, or skipped when the schedule's previous run is still active.
 */
export function createScheduleFiring(deps: Deps) {
  const { schedules, benchmarks, clusters, scheduling } = deps;

  async function fire(
    schedule: Awaited<ReturnType<ScheduleRepository["listEnabled"]>>[number],
    now: Date,
  ): Promise<FiringOutcome | null> {
    const decision = dueToFire(schedule, schedule.lastDueAt ?? schedule.createdAt, now);
    const dueAt = decision.fire;
    if (!dueAt) return null;
    const missed = missedWording(decision);
    const previous = await schedules.latestRunStatus(schedule.id);
    if (previous && isRunActive(previous.status)) {
      const why = `skipped: the previous run ${previous.id} of this schedule is still ${previous.status}`;
      const won = await schedules.claimFiring(
        schedule.id,
        dueAt,
        "skipped_overlap",
        joined(why, missed),
      );
      return won
        ? { scheduleId: schedule.id, dueAt, outcome: "skipped_overlap", runId: null }
        : null;
    }
    if (!(await schedules.claimFiring(schedule.id, dueAt, "fired", missed))) return null;
    const ws = schedule.workspaceId;
    try {
      const bench = await benchmarks.get(ws, schedule.benchmarkId);
      const cluster = await clusters.get(ws, schedule.clusterId);
      if (!bench || !cluster) throw new DomainError("NOT_FOUND", "benchmark or cluster is gone");
      const { runId } = await scheduling.startOn(ws, bench, cluster, {
        title: `${bench.definition.name} on ${cluster.name} (scheduled ${dueAt.toISOString()})`,
        git: {},
        labels: { ...meshVersionLabels(cluster.detectedMeshes), [SCHEDULE_LABEL]: schedule.id },
        scheduleId: schedule.id,
      });
      await schedules.settleFiring(schedule.id, dueAt, { runId });
      return { scheduleId: schedule.id, dueAt, outcome: "fired", runId };
    } catch (error) {
      // A cluster that is not ready, an archived benchmark, a missing secret: said in the history.
      const message = error instanceof DomainError ? error.message : "the run could not be started";
      await schedules.settleFiring(schedule.id, dueAt, { failed: joined(message, missed)! });
      if (!(error instanceof DomainError)) throw error;
      return { scheduleId: schedule.id, dueAt, outcome: "failed", runId: null };
    }
  }

  return {
    /** Fires what is due at `now` (the caller's clock); returns what this process fired. */
    async tick(now: Date): Promise<FiringOutcome[]> {
      const fired: FiringOutcome[] = [];
      for (const schedule of await schedules.listEnabled()) {
        const outcome = await fire(schedule, now);
        if (outcome) fired.push(outcome);
      }
      return fired;
    },
  };
}

export type ScheduleFiring = ReturnType<typeof createScheduleFiring>;
