import {
  checkDatabase,
  findMigrationsDir,
  pendingMigrations,
  readOpsSnapshot,
  type Database,
} from "@meshbench/db";
import {
  createLogger,
  createMetrics,
  evaluateReadiness,
  type CheckResult,
  type LogLevel,
} from "@meshbench/observability";
import { startOpsServer } from "./ops-server";

export type OpsConfig = {
  host: string;
  port: number;
  logLevel: LogLevel;
  /** Where the build's migrations are; default: prisma/migrations next to the build. */
  migrationsDir?: string;
  /** Keep running when the port is taken (local mode); production needs its probes. */
  optional?: boolean;
};

/** Logger, metrics and the ops HTTP server of the worker process, wired to its database. */
export async function startOps(db: Database, config: OpsConfig) {
  const logger = createLogger({ component: "worker", level: config.logLevel });
  const metrics = createMetrics({ component: "worker", snapshot: () => readOpsSnapshot(db) });
  const migrationsDir = config.migrationsDir ?? findMigrationsDir(import.meta.dirname);
  let shuttingDown = false;
  let started = false;

  const checks = {
    process: (): Promise<CheckResult> =>
      Promise.resolve(
        shuttingDown
          ? { ok: false, detail: "shutting down" }
          : started
            ? { ok: true }
            : { ok: false, detail: "starting" },
      ),
    database: async (): Promise<CheckResult> => {
      const r = await checkDatabase(db);
      return r.ok ? { ok: true } : { ok: false, detail: r.error };
    },
    migrations: async (): Promise<CheckResult> => {
      if (!migrationsDir)
        return {
          ok: false,
          detail: "no prisma/migrations folder found (MESHBENCH_MIGRATIONS_DIR)",
        };
      const { pending, failed } = await pendingMigrations(db, migrationsDir);
      if (failed.length) return { ok: false, detail: `failed migrations: ${failed.join(", ")}` };
      return pending.length
        ? { ok: false, detail: `pending: ${pending.join(", ")}` }
        : { ok: true };
    },
  };
  const server = await startOpsServer({
    host: config.host,
    port: config.port,
    logger,
    metrics,
    readiness: () => evaluateReadiness(checks),
  }).catch((error: unknown) => {
    // Local mode: a second worker on one machine runs without probes rather than not at all.
    if (!config.optional) throw error;
    logger.warn({ err: error, port: config.port }, "ops server not started");
    return { port: 0, close: () => Promise.resolve() };
  });
  return {
    logger,
    metrics,
    port: server.port,
    /** The worker claims work from now on. */
    markStarted() {
      started = true;
    },
    /** Readiness turns false at once; the server keeps answering until close(). */
    markShuttingDown() {
      shuttingDown = true;
    },
    close: () => server.close(),
  };
}

export type Ops = Awaited<ReturnType<typeof startOps>>;
