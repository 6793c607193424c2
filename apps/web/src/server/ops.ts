import "server-only";
import { timingSafeEqual } from "node:crypto";
import {
  checkDatabase,
  findMigrationsDir,
  pendingMigrations,
  readOpsSnapshot,
} from "@meshbench/db";
import {
  createLogger,
  createMetrics,
  evaluateReadiness,
  requestIdFrom,
  type CheckResult,
  type Logger,
  type Metrics,
} from "@meshbench/observability";
import { env } from "~/env";
import { getDatabase } from "./database";

// One logger and one registry per server process (kept across dev hot reloads).
const globalForOps = globalThis as unknown as {
  meshbenchLogger?: Logger;
  meshbenchMetrics?: Metrics;
};

export function getLogger(): Logger {
  globalForOps.meshbenchLogger ??= createLogger({
    component: "web",
    level: env.MESHBENCH_LOG_LEVEL,
  });
  return globalForOps.meshbenchLogger;
}

export function getMetrics(): Metrics {
  globalForOps.meshbenchMetrics ??= createMetrics({
    component: "web",
    snapshot: () => readOpsSnapshot(getDatabase()),
  });
  return globalForOps.meshbenchMetrics;
}

/** A child logger carrying the request's id (the caller's X-Request-Id or a new one). */
export function requestLogger(request: Request) {
  const requestId = requestIdFrom(request.headers);
  const url = new URL(request.url);
  return {
    requestId,
    log: getLogger().child({ requestId, method: request.method, path: url.pathname }),
  };
}

// standalone: server.js chdirs to apps/web, two levels below the bundled prisma/migrations.
const migrationsDir = () => env.MESHBENCH_MIGRATIONS_DIR ?? findMigrationsDir(process.cwd());

/** Ready = database reachable and every bundled migration applied. */
export function readiness() {
  const db = getDatabase();
  return evaluateReadiness({
    database: async (): Promise<CheckResult> => {
      const r = await checkDatabase(db);
      return r.ok ? { ok: true } : { ok: false, detail: r.error };
    },
    migrations: async (): Promise<CheckResult> => {
      const dir = migrationsDir();
      if (!dir)
        return {
          ok: false,
          detail: "no prisma/migrations folder found (MESHBENCH_MIGRATIONS_DIR)",
        };
      const { pending, failed } = await pendingMigrations(db, dir);
      if (failed.length) return { ok: false, detail: `failed migrations: ${failed.join(", ")}` };
      return pending.length
        ? { ok: false, detail: `pending: ${pending.join(", ")}` }
        : { ok: true };
    },
  });
}

/**
 * True when the request carries the metrics token as a bearer token. Without a token only local
 * mode is open: production never is, even if env validation was skipped.
 */
export function metricsAuthorized(request: Request): boolean {
  const token = env.MESHBENCH_METRICS_TOKEN;
  if (!token) return env.MESHBENCH_MODE !== "production";
  const given = Buffer.from(request.headers.get("authorization") ?? "");
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
