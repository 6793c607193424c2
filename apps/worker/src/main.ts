import { createPrismaClient, createRunQueue } from "@meshbench/db";
import { importFortioJson } from "@meshbench/formats";
import { KubeconfigVault, localDevVaultKeys, parseVaultKeys } from "@meshbench/k8s";
import { env } from "./env";
import { startWorker } from "./worker";
import { startWorkerLoop } from "./worker-loop";

const log = (msg: string) => console.log(`[worker] ${msg}`);
const db = createPrismaClient(env.DATABASE_URL);
const loop = startWorkerLoop(db, { pollMs: env.MESHBENCH_WORKER_POLL_MS, log });
const queue = createRunQueue(env.DATABASE_URL, {
  pollSeconds: Math.max(0.5, env.MESHBENCH_WORKER_POLL_MS / 1000),
});
const vault = new KubeconfigVault(
  env.MESHBENCH_ENCRYPTION_KEYS
    ? parseVaultKeys(env.MESHBENCH_ENCRYPTION_KEYS)
    : localDevVaultKeys(),
);
const worker = await startWorker({ db, queue, vault, parseResult: importFortioJson, log });
log("started");

let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  log(`${signal}: stopping`);
  await worker.stop();
  await loop.stop();
  await db.$disconnect();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
