import { PgBoss } from "pg-boss";

/** The pg-boss queue of scheduled runs: one job per run (singleton key = run id). */
export const RUN_QUEUE = "meshbench-runs";

export type RunJob = { runId: string; workspaceId: string };

/** The hourly retention prune (pg-boss schedule: one job an hour across all workers). */
export const RETENTION_QUEUE = "meshbench-retention";
const RETENTION_CRON = "17 * * * *";

/**
 * The queue lives in Postgres (pg-boss, schema "pgboss"): several workers may poll it and each
 * run is claimed by one. A worker that dies stops its heartbeat, so pg-boss hands the job to
 * another worker, which resumes the run from the database.
 */
export function createRunQueue(
  databaseUrl: string,
  options: { heartbeatSeconds?: number; pollSeconds?: number; superviseSeconds?: number } = {},
) {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    max: 4,
    supervise: true,
    // How soon a dead worker's run is noticed (heartbeat missed) and handed to another worker.
    superviseIntervalSeconds: options.superviseSeconds ?? 30,
    monitorIntervalSeconds: options.superviseSeconds ?? 30,
  });
  let started: Promise<unknown> | null = null;
  const ensure = () =>
    (started ??= boss.start().then(() =>
      boss.createQueue(RUN_QUEUE, {
        policy: "exclusive",
        retryLimit: 20,
        retryDelay: 1,
        // pg-boss caps this at 24 h; a longer run expires, is retried, and resumes from the database.
        expireInSeconds: 24 * 3600,
        heartbeatSeconds: options.heartbeatSeconds ?? 30,
      }),
    ));
  let retention: Promise<unknown> | null = null;
  const ensureRetention = () =>
    (retention ??= ensure()
      .then(() => boss.createQueue(RETENTION_QUEUE, { policy: "singleton", retryLimit: 2 }))
      .then(() => boss.schedule(RETENTION_QUEUE, RETENTION_CRON)));
  return {
    async enqueue(job: RunJob) {
      await ensure();
      return boss.send(RUN_QUEUE, job, { singletonKey: job.runId });
    },
    /** Runs `handler` for each claimed run, one at a time per worker process. */
    async work(handler: (job: RunJob, signal: AbortSignal) => Promise<void>) {
      await ensure();
      return boss.work<RunJob>(
        RUN_QUEUE,
        { pollingIntervalSeconds: options.pollSeconds ?? 2, batchSize: 1, localConcurrency: 1 },
        async ([job]) => {
          if (job) await handler(job.data, job.signal);
        },
      );
    },
    /** Runs `handler` for each hourly retention job (one worker takes each). */
    async workRetention(handler: () => Promise<void>) {
      await ensureRetention();
      return boss.work(RETENTION_QUEUE, { pollingIntervalSeconds: 60, batchSize: 1 }, async () => {
        await handler();
      });
    },
    on(event: "error", listener: (error: Error) => void) {
      boss.on(event, listener);
    },
    async stop(options: { graceful?: boolean; timeoutMs?: number } = {}) {
      if (!started) return;
      await boss.stop({ graceful: options.graceful ?? true, timeout: options.timeoutMs ?? 30_000 });
    },
  };
}

export type RunQueue = ReturnType<typeof createRunQueue>;
