import { PgBoss } from "pg-boss";

/** The pg-boss queue of alert deliveries: one job per delivery (singleton key = delivery id). */
export const ALERT_DELIVERY_QUEUE = "meshbench-alert-deliveries";

export type DeliveryJob = { deliveryId: string; workspaceId: string };

/**
 * Deliveries live in Postgres beside the runs: the web app and the worker enqueue, workers send.
 * A failed attempt throws, and pg-boss retries it with exponential backoff (`retryDelaySeconds`
 * × 2ⁿ, jittered) up to `attempts` tries in all; the delivery row counts them and gives up.
 */
export function createDeliveryQueue(
  databaseUrl: string,
  options: { attempts?: number; retryDelaySeconds?: number; pollSeconds?: number } = {},
) {
  const attempts = options.attempts ?? 3;
  const boss = new PgBoss({ connectionString: databaseUrl, max: 2, supervise: true });
  let started: Promise<unknown> | null = null;
  const ensure = () =>
    (started ??= boss.start().then(() =>
      boss.createQueue(ALERT_DELIVERY_QUEUE, {
        retryLimit: attempts - 1,
        retryDelay: options.retryDelaySeconds ?? 10,
        retryBackoff: true,
        retryDelayMax: 3600,
        expireInSeconds: 120,
      }),
    ));
  return {
    /** How many tries a delivery gets before it is marked failed. */
    attempts,
    async enqueue(job: DeliveryJob) {
      await ensure();
      return boss.send(ALERT_DELIVERY_QUEUE, job, { singletonKey: job.deliveryId });
    },
    /** Runs `handler` for each delivery job; a throw is a failed attempt pg-boss retries. */
    async work(handler: (job: DeliveryJob) => Promise<void>) {
      await ensure();
      return boss.work<DeliveryJob>(
        ALERT_DELIVERY_QUEUE,
        { pollingIntervalSeconds: options.pollSeconds ?? 2, batchSize: 1 },
        async ([job]) => {
          if (job) await handler(job.data);
        },
      );
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

export type DeliveryQueue = ReturnType<typeof createDeliveryQueue>;
