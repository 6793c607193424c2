import type { RunEnqueuer, Services } from "@meshbench/services";

export type SchedulerOptions = {
  services: Pick<Services, "scheduleFiring" | "scheduling">;
  /** The worker's queue: waiting runs go back to it. */
  queue: RunEnqueuer;
  log: (msg: string) => void;
  /** How often due schedules and waiting runs are looked at. */
  everyMs?: number;
  /** The clock (tests inject one); due times are computed in core from it. */
  now?: () => Date;
};

/**
 * The scheduler tick: fires the schedules that are due (once across every worker process, by
 * their unique firing rows) and hands the queue again the runs that waited for a cluster now
 * free. Ticks never overlap within a process; a failed tick is logged and retried next time.
 */
export function startScheduler(options: SchedulerOptions) {
  const { services, log } = options;
  const now = options.now ?? (() => new Date());
  let stopped = false;
  const tick = async () => {
    if (stopped) return;
    try {
      for (const f of await services.scheduleFiring.tick(now()))
        log(
          `schedule ${f.scheduleId}: due ${f.dueAt.toISOString()} ${f.outcome}${f.runId ? ` (run ${f.runId})` : ""}`,
        );
      for (const runId of await services.scheduling.wakeWaitingRuns(options.queue))
        log(`run ${runId}: its cluster is free, queued again`);
    } catch (error) {
      log(`scheduler: tick failed (${(error as Error).message}); retried on the next tick`);
    }
  };
  let ticking: Promise<void> = tick();
  // At most one tick waits behind the running one: a slow database does not pile ticks up.
  let waiting = false;
  const next = () => {
    if (waiting) return ticking;
    waiting = true;
    ticking = ticking.then(() => {
      waiting = false;
      return tick();
    });
    return ticking;
  };
  const timer = setInterval(() => void next(), options.everyMs ?? 15_000);
  return {
    /** Runs one tick now, after any in progress (a run that ended frees its cluster at once). */
    nudge: next,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await ticking;
    },
  };
}
