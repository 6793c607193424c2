import type { GuardedSpend, RateLimitDecision, RateLimiter, RateLimitRule } from "@meshbench/db";

/** The rate-limit buckets: what a point of each buys. */
export type RateLimitBucket =
  /** sign-in, sign-up, password reset: per client address and endpoint */
  | "auth"
  /** result uploads, run triggers and calibrations: per token or user */
  | "upload";

export type RateLimitRules = Record<RateLimitBucket, RateLimitRule>;

/** Defaults of the buckets (points per window, per key); the apps pass their env values. */
export const DEFAULT_RATE_LIMITS: RateLimitRules = {
  auth: { points: 10, durationSeconds: 60 },
  upload: { points: 30, durationSeconds: 60 },
};

/**
 * Whose points a request spends: its token's or user's, inside its workspace (the key every
 * transport and the upload's fast path use).
 */
export function rateLimitSubject(actor: {
  workspaceId: string;
  tokenId?: string | null;
  userId?: string | null;
  via: string;
}): string {
  return `${actor.workspaceId}:${actor.tokenId ?? actor.userId ?? actor.via}`;
}

/**
 * The limits every transport shares (tRPC and REST procedures, the auth route), counted in
 * Postgres so that replicas share them. Spending a point answers allowed, or when to retry.
 */
export function createRateLimitService(limiter: RateLimiter) {
  return {
    consume: (bucket: RateLimitBucket, key: string): Promise<RateLimitDecision> =>
      limiter.consume(bucket, key),
    /** A point of the bucket to spend inside another statement, only when allowed. */
    guardedSpend: (bucket: RateLimitBucket, key: string): GuardedSpend =>
      limiter.guardedSpend(bucket, key),
  };
}

export type RateLimitService = ReturnType<typeof createRateLimitService>;
