import { useTestDatabase } from "@meshbench/testing/postgres";
import { describe, expect, it } from "vitest";
import { createPrismaClient } from "../client";
import { createRateLimiter } from "./rate-limiter";

describe("Postgres-backed rate limiter", () => {
  // Two clients on one database, as two replicas of the app would be.
  const clients = useTestDatabase(
    (url) => [createPrismaClient(url), createPrismaClient(url)] as const,
  );
  const db = () => clients()[0];
  const replica = () => clients()[1];

  it("counts across replicas (two clients, one table) and tells when to retry", async () => {
    const rules = { auth: { points: 3, durationSeconds: 60 } };
    const one = createRateLimiter(db(), rules);
    const two = createRateLimiter(replica(), rules);
    expect(await one.consume("auth", "10.0.0.1")).toEqual({ allowed: true });
    expect(await two.consume("auth", "10.0.0.1")).toEqual({ allowed: true });
    expect(await one.consume("auth", "10.0.0.1")).toEqual({ allowed: true });
    const denied = await two.consume("auth", "10.0.0.1");
    expect(denied.allowed).toBe(false);
    expect(denied.allowed ? 0 : denied.retryAfterSeconds).toBeGreaterThan(50);
    // Other keys and other buckets are untouched.
    expect(await one.consume("auth", "10.0.0.2")).toEqual({ allowed: true });
  });

  it("opens a new window once the old one expired", async () => {
    const limiter = createRateLimiter(db(), { tiny: { points: 1, durationSeconds: 1 } });
    expect(await limiter.consume("tiny", "k")).toEqual({ allowed: true });
    expect((await limiter.consume("tiny", "k")).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await limiter.consume("tiny", "k")).toEqual({ allowed: true });
  });

  it("counts concurrent calls exactly", async () => {
    const limiter = createRateLimiter(db(), { burst: { points: 5, durationSeconds: 60 } });
    const results = await Promise.all(
      Array.from({ length: 12 }, () => limiter.consume("burst", "same")),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });
});
