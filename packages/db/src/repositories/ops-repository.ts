import { ACTIVE_RUN_STATUSES } from "@meshbench/contracts";
import type { Database } from "../client";

/** Installation-wide counts behind the Prometheus gauges/counters (packages/observability). */
export async function readOpsSnapshot(db: Database) {
  const [runs, trials] = await Promise.all([
    db.run.groupBy({
      by: ["status"],
      where: { status: { in: [...ACTIVE_RUN_STATUSES] } },
      _count: true,
    }),
    db.trial.groupBy({
      by: ["status"],
      where: { status: { in: ["succeeded", "failed"] } },
      _count: true,
    }),
  ]);
  const runCount = (s: string) => runs.find((r) => r.status === s)?._count ?? 0;
  const trialCount = (s: string) => trials.find((t) => t.status === s)?._count ?? 0;
  return {
    runsInFlight: runCount("running"),
    runsQueued: runCount("queued"),
    trialsCompleted: trialCount("succeeded"),
    trialsFailed: trialCount("failed"),
  };
}
