import { msToSeconds, secondsToMs } from "@meshbench/contracts";
import type { Database } from "../client";

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
      const now = new Date();
      const windowEnd = new Date(now.getTime() + secondsToMs(rule.durationSeconds));
      const [row] = await db.$queryRaw<{ points: number; expire: Date | null }[]>`
        INSERT INTO "RateLimit" ("key", "points", "expire")
        VALUES (${`${bucket}:${key}`}, 1, ${windowEnd})
        ON CONFLICT ("key") DO UPDATE SET
          "points" = CASE WHEN "RateLimit"."expire" <= ${now} THEN 1 ELSE "RateLimit"."points" + 1 END,
          "expire" = CASE WHEN "RateLimit"."expire" <= ${now} THEN EXCLUDED."expire" ELSE "RateLimit"."expire" END
        RETURNING "points", "expire"`;
      if (!row || row.points <= rule.points) return { allowed: true };
      const msBeforeNext = row.expire ? Math.max(row.expire.getTime() - Date.now(), 0) : 0;
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil(msToSeconds(msBeforeNext))),
      };
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
