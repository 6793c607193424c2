import type { THealth } from "@meshbench/contracts";
import { checkDatabase, type Database } from "@meshbench/db";

/** The app's health as probes read it: degraded while the database does not answer. */
export function createHealthService(db: Database) {
  return {
    async check(): Promise<THealth> {
      const database = await checkDatabase(db);
      return {
        status: database.ok ? "ok" : "degraded",
        database: database.ok ? { ok: true, latencyMs: database.latencyMs } : { ok: false },
      };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
