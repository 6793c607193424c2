import { createPrismaClient } from "@meshbench/db";
import { env } from "./env";
import { startWorkerLoop } from "./worker-loop";

const log = (msg: string) => console.log(`[worker] ${msg}`);
const db = createPrismaClient(env.DATABASE_URL);
const loop = startWorkerLoop(db, { pollMs: env.MESHBENCH_WORKER_POLL_MS, log });
log("started");

let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  log(`${signal}: stopping`);
  await loop.stop();
  await db.$disconnect();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
