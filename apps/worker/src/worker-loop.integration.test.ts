import { createPrismaClient } from "@meshbench/db";
import { createTestDatabase } from "@meshbench/testing/postgres";
import { describe, expect, it } from "vitest";
import { startWorkerLoop } from "./worker-loop";

describe("worker loop", () => {
  it("keeps ticking against the database and stops cleanly", async () => {
    const test = await createTestDatabase();
    const db = createPrismaClient(test.url);
    const logs: string[] = [];
    const loop = startWorkerLoop(db, { pollMs: 100, log: (m) => logs.push(m) });
    // Wait for ticks rather than a fixed sleep: a loaded CI machine may be slow to schedule them.
    for (let waited = 0; loop.ticks() < 3 && waited < 10_000; waited += 50) {
      await new Promise((r) => setTimeout(r, 50));
    }
    await loop.stop();
    const ticks = loop.ticks();
    expect(ticks).toBeGreaterThanOrEqual(3);
    await new Promise((r) => setTimeout(r, 300));
    expect(loop.ticks()).toBe(ticks);
    expect(logs).toEqual([]);
    await db.$disconnect();
    await test.drop();
  });
});
