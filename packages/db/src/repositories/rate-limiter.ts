import { msToSeconds, secondsToMs } from "@meshbench/contracts";
import { prepared, sqlPool, type Database } from "../client";

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
  const ruleOf = (bucket: string) => {
    const rule = rules[bucket];
    if (!rule) throw new Error(`unknown rate-limit bucket ${bucket}`);
    return rule;
  };
  return {
    /** A point to spend inside another statement, only if allowed (guardedSpendCte). */
    guardedSpend(bucket: string, key: string): GuardedSpend {
      const rule = ruleOf(bucket);
      const now = Date.now();
      return {
        key: `${bucket}:${key}`,
        now: new Date(now).toISOString(),
        windowEnd: new Date(now + secondsToMs(rule.durationSeconds)).toISOString(),
        points: rule.points,
      };
    },
    async consume(bucket: string, key: string): Promise<RateLimitDecision> {
      const rule = ruleOf(bucket);
      const now = Date.now();
      const windowEnd = new Date(now + secondsToMs(rule.durationSeconds)).toISOString();
      // On the driver's pool (every upload spends a point). "expire" is UTC without a zone:
      // compared with and returned as UTC instants, never through the process's time zone.
      const { rows } = await sqlPool(db).query<{ points: number; expireMs: number | null }>({
        ...prepared(`INSERT INTO "RateLimit" ("key", "points", "expire") VALUES ($1, 1, $3)
         ON CONFLICT ("key") DO UPDATE SET
           "points" = CASE WHEN "RateLimit"."expire" <= $2 THEN 1 ELSE "RateLimit"."points" + 1 END,
           "expire" = CASE WHEN "RateLimit"."expire" <= $2 THEN EXCLUDED."expire" ELSE "RateLimit"."expire" END
         RETURNING "points", (EXTRACT(EPOCH FROM "expire") * 1000)::float8 AS "expireMs"`),
        values: [`${bucket}:${key}`, new Date(now).toISOString(), windowEnd],
      });
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

/** One point of a bucket for a key, as guardedSpendCte spends it. */
export type GuardedSpend = { key: string; now: string; windowEnd: string; points: number };

/**
 * consume()'s upsert for use inside a caller's statement, spending the point ONLY when the
 * answer is "allowed" (a new or expired window, or fewer points than the rule's): it returns a
 * row then and nothing otherwise, writing nothing. `param` binds a value and names its `$n`.
 */
export function guardedSpendCte(
  spend: GuardedSpend,
  param: (value: unknown) => string,
  /** A CTE the point is spent for: no row there, nothing spent. */
  source: string,
): string {
  const now = param(spend.now);
  return `INSERT INTO "RateLimit" ("key", "points", "expire")
    SELECT ${param(spend.key)}, 1, ${param(spend.windowEnd)}::timestamp FROM ${source}
    ON CONFLICT ("key") DO UPDATE SET
      "points" = CASE WHEN "RateLimit"."expire" <= ${now} THEN 1 ELSE "RateLimit"."points" + 1 END,
      "expire" = CASE WHEN "RateLimit"."expire" <= ${now} THEN EXCLUDED."expire" ELSE "RateLimit"."expire" END
    WHERE "RateLimit"."expire" <= ${now} OR "RateLimit"."points" < ${param(spend.points)}
    RETURNING 1`;
}
