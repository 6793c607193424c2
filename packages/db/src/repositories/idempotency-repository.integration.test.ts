import { useTestDatabase } from "@meshbench/testing/postgres";
import { describe, expect, it } from "vitest";
import { createPrismaClient } from "../client";
import { createIdempotencyRepository } from "./idempotency-repository";

describe("idempotency records over a real database", () => {
  const db = useTestDatabase(createPrismaClient);

  it("claims a key once, replays its response, and refuses another body", async () => {
    const repo = createIdempotencyRepository(db());
    expect(await repo.begin("ws1", "k1", "hash-a")).toEqual({ state: "new" });
    expect(await repo.begin("ws1", "k1", "hash-a")).toEqual({ state: "in_flight" });
    await repo.complete("ws1", "k1", 200, { runId: "r1" });
    expect(await repo.begin("ws1", "k1", "hash-a")).toEqual({
      state: "replay",
      status: 200,
      response: { runId: "r1" },
    });
    expect(await repo.begin("ws1", "k1", "hash-b")).toEqual({ state: "conflict" });
    // Keys are per workspace.
    expect(await repo.begin("ws2", "k1", "hash-b")).toEqual({ state: "new" });
  });

  it("lets two concurrent first attempts through exactly once", async () => {
    const repo = createIdempotencyRepository(db());
    const results = await Promise.all([
      repo.begin("ws1", "race", "h"),
      repo.begin("ws1", "race", "h"),
    ]);
    expect(results.map((r) => r.state).sort()).toEqual(["in_flight", "new"]);
  });

  it("forgets released and expired keys", async () => {
    const repo = createIdempotencyRepository(db(), { ttlMs: 1000 });
    await repo.begin("ws1", "k2", "h");
    await repo.release("ws1", "k2");
    expect(await repo.begin("ws1", "k2", "other")).toEqual({ state: "new" });
    await repo.complete("ws1", "k2", 200, {});
    expect(await repo.begin("ws1", "k2", "third", new Date(Date.now() + 5000))).toEqual({
      state: "new",
    });
  });
});
