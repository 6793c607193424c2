import { msToSeconds } from "@meshbench/contracts";
import { createDeliveryQueue, createPrismaClient, createRunQueue } from "@meshbench/db";
import { clusterRules, createMailer, createServices } from "@meshbench/services";
import { clusterSettings, env, mailSettings } from "./env";
import { handleShutdownSignals } from "./ops/graceful-shutdown";
import { startOps } from "./ops/start-ops";
import { startWorker } from "./worker";

const db = createPrismaClient(env.DATABASE_URL);
const ops = await startOps(db, {
  host: env.MESHBENCH_OPS_HOST,
  port: env.MESHBENCH_OPS_PORT,
  logLevel: env.MESHBENCH_LOG_LEVEL,
  migrationsDir: env.MESHBENCH_MIGRATIONS_DIR,
  optional: env.MESHBENCH_MODE === "local",
});
const log = (msg: string) => ops.logger.info(msg);
const queue = createRunQueue(env.DATABASE_URL, {
  pollSeconds: Math.max(0.5, msToSeconds(env.MESHBENCH_WORKER_POLL_MS)),
});
const deliveries = createDeliveryQueue(env.DATABASE_URL);
const services = createServices(db, {
  encryptionKeys: env.MESHBENCH_ENCRYPTION_KEYS,
  clusterRules: clusterRules(clusterSettings),
  clusterPollMs: 1000,
  deliveryQueue: deliveries,
  mailer: createMailer(mailSettings),
  appUrl: env.MESHBENCH_BASE_URL,
  log: (line) => ops.logger.warn(line),
  // The scheduler tick starts scheduled runs, and wakes waiting ones, through this queue.
  runQueue: queue,
});
const worker = await startWorker({
  services,
  queue,
  deliveries,
  log,
  scheduleEveryMs: env.MESHBENCH_SCHEDULER_TICK_MS,
});
ops.markStarted();
log("started");

handleShutdownSignals({
  logger: ops.logger,
  timeoutMs: env.MESHBENCH_SHUTDOWN_TIMEOUT_MS,
  onSignal: () => ops.markShuttingDown(),
  async stop() {
    await worker.stop();
    await ops.close();
    await db.$disconnect();
  },
});
