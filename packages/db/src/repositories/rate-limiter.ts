import { RateLimiterPrisma, RateLimiterRes } from "rate-limiter-flexible";
import type { Database } from "../client";

export type RateLimitRule = { points: number; durationSeconds: number };
export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Fixed-window limits counted in Postgres (the RateLimit table), so every replica shares them.
 * `consume("auth:sign-in", ip)` spends one point of that bucket for that key.
 */
export function createRateLimiter(db: Database, rules: Record<string, RateLimitRule>) {
  const limiters = new Map(
    Object.entries(rules).map(([bucket, rule]) => [
      bucket,
      new RateLimiterPrisma({
        storeClient: db,
        tableName: "rateLimit",
        keyPrefix: bucket,
        points: rule.points,
        duration: rule.durationSeconds,
        // The sweep timer would keep test processes alive; expired rows are reused on next hit.
        clearExpiredByTimeout: false,
      }),
    ]),
  );
  return {
    async consume(bucket: string, key: string): Promise<RateLimitDecision> {
      const limiter = limiters.get(bucket);
      if (!limiter) throw new Error(`unknown rate-limit bucket ${bucket}`);
      try {
        await limiter.consume(key);
        return { allowed: true };
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          return {
            allowed: false,
            retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
          };
        }
        throw error;
      }
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
