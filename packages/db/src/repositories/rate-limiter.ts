import { msToSeconds, secondsToMs } from "@meshbench/contracts";
import { sqlPool, type Database } from "../client";

export type RateLimitRule = { points: number; durationSeconds: number };
export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Fixed-window limits counted in Postgres (the RateLimit table), so every replica shares them.
 * `consume("auth:sign-in", ip)` spends one point of that bucket for that key.
 *
 * One statement per call (an upsert that also restarts an expired window), rather than
 * rate-limiter-flexible's RateLimiterPrisma, which sends a delete and an upsert through the ORM:
 * this runs on every upload, and the bench (bench/, ingest) showed it as a quarter of the
 * request. Rows use the same `bucket:key` keys, so counts carry over.
 */
export function createRateLimiter(db: Database, rules: Record<string, RateLimitRule>) {
  return {
    async consume(bucket: string, key: string): Promise<RateLimitDecision> {
      const rule = rules[bucket];
      if (!rule) throw new Error(`unknown rate-limit bucket ${bucket}`);
      const now = Date.now();
      const windowEnd = new Date(now + secondsToMs(rule.durationSeconds)).toISOString();
      // On the driver's pool (every upload spends a point). "expire" is UTC without a zone:
      // compared with and returned as UTC instants, never through the process's time zone.
      const { rows } = await sqlPool(db).query<{ points: number; expireMs: number | null }>(
        `INSERT INTO "RateLimit" ("key", "points", "expire") VALUES ($1, 1, $3)
         ON CONFLICT ("key") DO UPDATE SET
           "points" = CASE WHEN "RateLimit"."expire" <= $2 THEN 1 ELSE "RateLimit"."points" + 1 END,
           "expire" = CASE WHEN "RateLimit"."expire" <= $2 THEN EXCLUDED."expire" ELSE "RateLimit"."expire" END
         RETURNING "points", (EXTRACT(EPOCH FROM "expire") * 1000)::float8 AS "expireMs"`,
        [`${bucket}:${key}`, new Date(now).toISOString(), windowEnd],
      );
      const row = rows[0];
      if (!row || row.points <= rule.points) return { allowed: true };
      const msBeforeNext = row.expireMs !== null ? Math.max(row.expireMs - Date.now(), 0) : 0;
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil(msToSeconds(msBeforeNext))),
      };
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
