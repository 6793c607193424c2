import type { Database } from "./client";

/** Round-trips to the database; used by /api/health and readiness checks. */
export async function checkDatabase(db: Database) {
  const started = performance.now();
  try {
    await db.$queryRaw`SELECT 1`;
    return { ok: true as const, latencyMs: performance.now() - started };
  } catch (error) {
    return {
      ok: false as const,
      error: error instanceof Error ? error.message.split("\n")[0] : "unknown",
    };
  }
}
