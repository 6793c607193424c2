import { createPrismaClient } from "@meshbench/db";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../context";
import { createCaller } from "../../root";
import { seedDemo } from "@meshbench/demo";
import { createServices } from "@meshbench/services";

describe("runs router over a real database", () => {
  const db = useTestDatabase(createPrismaClient);
  let demo: Awaited<ReturnType<typeof seedDemo>>;
  const callerFor = (actor: Actor | null) =>
    createCaller({ services: createServices(db()), actor });

  beforeAll(async () => {
    demo = await seedDemo(db());
  });

  const owner = (): Actor => ({
    userId: null,
    workspaceId: demo.workspaceId,
    role: "viewer",
    via: "local",
  });

  it("lists the seeded demo run with all 30 trials done", async () => {
    const { items } = await callerFor(owner()).runs.list({ limit: 10 });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      id: demo.runId,
      status: "succeeded",
      trialsTotal: 30,
      trialsDone: 30,
    });
  });

  it("returns trials in interleaved order with Fortio's own percentiles", async () => {
    const run = await callerFor(owner()).runs.get({ runId: demo.runId });
    expect(
      run.trials.map((t) => `${t.variant}-${t.requestedQps}-${t.repetition}`).slice(0, 4),
    ).toEqual(["baseline-100-1", "nginx-100-1", "baseline-500-1", "nginx-500-1"]);
    const trial = run.trials.find((t) => t.key === "nginx/qps-500/c8/p0/http1/ka/rep1");
    // Fortio's p50 for nginx-qps500-c8-rep1.json, from its Percentiles array.
    expect(trial?.summary?.p50).toBeGreaterThan(0);
    expect(trial?.histogram?.count).toBe(trial?.requestCount);
  });

  it("hides the run from another workspace (NOT_FOUND) and from anonymous callers (UNAUTHORIZED)", async () => {
    const other = await db().workspace.create({ data: { slug: "other", name: "Other" } });
    await expect(
      callerFor({ userId: null, workspaceId: other.id, role: "owner", via: "local" }).runs.get({
        runId: demo.runId,
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(callerFor(null).runs.list({ limit: 10 })).rejects.toBeInstanceOf(TRPCError);
    await expect(callerFor(null).runs.list({ limit: 10 })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  });

  it("rejects a malformed id with BAD_REQUEST", async () => {
    await expect(callerFor(owner()).runs.get({ runId: "../etc/passwd" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });
});
