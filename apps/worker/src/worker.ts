import type { DeliveryQueue, RunQueue } from "@meshbench/db";
import type { Services } from "@meshbench/services";
import { executeRun, WorkerStopping, type ExecutorDeps } from "./run-executor";
import { startScheduler } from "./scheduler";
import { sweepEveryCluster, type SweepOptions } from "./sweeper";

export type WorkerOptions = {
  services: Pick<
    Services,
    "execution" | "clusterAccess" | "deliverAlert" | "scheduleFiring" | "scheduling" | "retention"
  >;
  queue: RunQueue;
  /** Alert deliveries: this worker sends them too (a failed attempt is retried by the queue). */
  deliveries?: DeliveryQueue;
  log: (msg: string) => void;
  sampleEveryMs?: number;
  sweepEveryMs?: number;
  sweep?: SweepOptions;
  now?: () => number;
  /** The scheduler tick's period and clock (schedules, runs waiting for a cluster). */
  scheduleEveryMs?: number;
  scheduleNow?: () => Date;
};

/** The scheduler process: claims queued runs from pg-boss, drives them, sweeps orphans, prunes by retention. */
export async function startWorker(options: WorkerOptions) {
  const { services, log } = options;
  const deps: ExecutorDeps = {
    execution: services.execution,
    log,
    sampleEveryMs: options.sampleEveryMs,
    now: options.now,
  };
  const controller = new AbortController();
  const active = new Set<Promise<void>>();
  options.queue.on("error", (e) => log(`queue error: ${e.message}`));
  const scheduler = startScheduler({
    services,
    queue: options.queue,
    log,
    everyMs: options.scheduleEveryMs,
    now: options.scheduleNow,
  });
  await options.queue.work(async (job, jobSignal) => {
    const signal = AbortSignal.any([controller.signal, jobSignal]);
    const p = executeRun(deps, job, signal);
    active.add(p);
    try {
      await p;
    } catch (error) {
      if (error instanceof WorkerStopping) log(`run ${job.runId}: left for another worker`);
      throw error;
    } finally {
      active.delete(p);
      // A run that ended (or waited) may free its cluster for a waiting run: look now.
      void scheduler.nudge();
    }
  });

  if (options.deliveries) {
    options.deliveries.on("error", (e) => log(`delivery queue error: ${e.message}`));
    await options.deliveries.work(services.deliverAlert);
  }
  // Retention: the hourly pg-boss job prunes old runs' histograms and resource samples.
  await options.queue.workRetention(async () => {
    for (const { workspaceId, pruned } of await services.retention.pruneDue())
      if (pruned > 0) log(`retention: pruned ${pruned} runs of workspace ${workspaceId}`);
  });

  const sweep = () =>
    sweepEveryCluster(services.clusterAccess, services.execution, log, options.sweep).catch(() =>
      log("sweeper: the cluster list could not be read; retried on the next sweep"),
    );
  let sweeping: Promise<void> = sweep();
  const timer = setInterval(
    () => {
      sweeping = sweeping.then(sweep);
    },
    options.sweepEveryMs ?? 5 * 60_000,
  );

  return {
    /** Graceful: the current trial is abandoned, the run stays resumable; the queue stops. */
    async stop() {
      clearInterval(timer);
      controller.abort();
      await scheduler.stop();
      await Promise.allSettled([...active, sweeping]);
      await options.queue.stop({ graceful: true, timeoutMs: 10_000 });
      await options.deliveries?.stop({ graceful: true, timeoutMs: 10_000 });
    },
  };
}
