import { createPrismaClient } from "@meshbench/db";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { beforeAll, afterAll, describe, expect, it } from "vitest";
import type { Actor } from "../../context";
import { createCaller } from "../../root";
import { buildMatrix } from "../../test-support/matrix-fixtures";

/** Admin caps per cluster: who sets them, how they are checked, and runs refused over them. */
describe("clusters.setCaps and runs.start under caps", () => {
  const db = useTestDatabase(createPrismaClient);
  let matrix: Awaited<ReturnType<typeof buildMatrix>>;
  const as = (actor: Actor) => createCaller({ services: matrix.fixtures.services, actor });
  beforeAll(async () => {
    matrix = await buildMatrix(db());
  });
  afterAll(async () => {
    await matrix?.close();
  });
  const auditRows = (clusterId: string) =>
    db().auditEvent.findMany({ where: { targetId: clusterId, action: "cluster.caps_set" } });
  const runsOn = (clusterId: string) => db().run.count({ where: { clusterId } });

  it("refuses a member, changing nothing and writing no audit row", async () => {
    const clusterId = await matrix.fixtures.newClusterOfA();
    await expect(
      as(matrix.callers.aMember).clusters.setCaps({ clusterId, caps: { maxQps: 10 } }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await as(matrix.callers.aMember).clusters.get({ clusterId })).caps).toEqual({});
    expect(await auditRows(clusterId)).toHaveLength(0);
  });

  it("lets an admin set them, audited with the caps before and after", async () => {
    const clusterId = await matrix.fixtures.newClusterOfA();
    const admin = as(matrix.callers.aAdmin);
    const caps = { maxConcurrentRuns: 2, maxQps: 500, maxGenerators: 4, maxTrialSeconds: 60 };
    expect((await admin.clusters.setCaps({ clusterId, caps })).caps).toEqual(caps);
    expect((await admin.clusters.get({ clusterId })).caps).toEqual(caps);
    await admin.clusters.setCaps({ clusterId, caps: { maxQps: 800 } });
    expect((await admin.clusters.list()).find((c) => c.id === clusterId)?.caps).toEqual({
      maxQps: 800,
    });
    const rows = await auditRows(clusterId);
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.metadata)).toContainEqual(
      expect.objectContaining({ before: caps, after: { maxQps: 800 } }),
    );
    expect(rows[0]!.actorUserId).toBe(matrix.callers.aAdmin.userId);
  });

  it("refuses a cap that is not a positive whole number, naming the field", async () => {
    const clusterId = await matrix.fixtures.newClusterOfA();
    for (const bad of [0, -5, 2.5]) {
      const error = await as(matrix.callers.aAdmin)
        .clusters.setCaps({ clusterId, caps: { maxTrialSeconds: bad } })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: "BAD_REQUEST" });
      expect(JSON.stringify((error as { cause?: unknown }).cause)).toContain("maxTrialSeconds");
    }
    expect(await auditRows(clusterId)).toHaveLength(0);
  });

  it("refuses another workspace's admin (the cluster is not found there)", async () => {
    const clusterId = await matrix.fixtures.newClusterOfA();
    await expect(
      as(matrix.callers.bOwner).clusters.setCaps({ clusterId, caps: { maxQps: 1 } }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("refuses a run over the QPS, duration or generator cap, writing and queueing nothing", async () => {
    const { fixtures, callers } = matrix;
    const clusterId = await fixtures.newClusterOfA();
    // The matrix benchmark: 100 QPS, 5 s trials, one load generator.
    await as(callers.aAdmin).clusters.setCaps({
      clusterId,
      caps: { maxQps: 50, maxTrialSeconds: 2 },
    });
    const queued = fixtures.enqueued.length;
    const error = await as(callers.aMember)
      .runs.start({ benchmarkId: fixtures.a.benchmarkId, clusterId })
      .catch((e: unknown) => e as Error);
    expect(error).toMatchObject({ code: "BAD_REQUEST" });
    expect((error as Error).message).toContain("maxQps = 50");
    expect((error as Error).message).toContain("100 QPS");
    expect((error as Error).message).toContain("maxTrialSeconds = 2");
    expect(await runsOn(clusterId)).toBe(0);
    expect(fixtures.enqueued.length).toBe(queued);

    await as(callers.aAdmin).clusters.setCaps({ clusterId, caps: { maxQps: 100 } });
    await as(callers.aMember).runs.start({ benchmarkId: fixtures.a.benchmarkId, clusterId });
    expect(await runsOn(clusterId)).toBe(1);
  });

  it("counts only active runs against the concurrent-runs cap", async () => {
    const { fixtures, callers } = matrix;
    const clusterId = await fixtures.newClusterOfA();
    await as(callers.aAdmin).clusters.setCaps({ clusterId, caps: { maxConcurrentRuns: 1 } });
    // Finished runs on the cluster do not count.
    for (const status of ["succeeded", "failed", "cancelled"] as const)
      await db().run.create({
        data: {
          workspaceId: fixtures.a.workspaceId,
          clusterId,
          title: status,
          source: "scheduled",
          status,
        },
      });
    const start = () =>
      as(callers.aMember).runs.start({ benchmarkId: fixtures.a.benchmarkId, clusterId });
    const { runId } = await start();
    const error = await start().catch((e: unknown) => e as Error);
    expect(error).toMatchObject({ code: "PRECONDITION_FAILED" });
    expect((error as Error).message).toContain("maxConcurrentRuns = 1");
    expect(await runsOn(clusterId)).toBe(4);
    await as(callers.aMember).runs.cancel({ runId });
    await start();
    expect(await runsOn(clusterId)).toBe(5);
  });

  it("admits exactly one of N starts racing for the last concurrent-runs slot", async () => {
    const { fixtures, callers } = matrix;
    const clusterId = await fixtures.newClusterOfA();
    await as(callers.aAdmin).clusters.setCaps({ clusterId, caps: { maxConcurrentRuns: 1 } });
    const queued = fixtures.enqueued.length;
    const N = 8;
    // Separate callers (a session and CI's token), all fired before any answers.
    const racers = Array.from({ length: N }, (_, i) =>
      as(i % 2 ? callers.aMember : callers.aCiToken).runs.start({
        benchmarkId: fixtures.a.benchmarkId,
        clusterId,
      }),
    );
    const outcomes = await Promise.allSettled(racers);
    const accepted = outcomes.filter((o) => o.status === "fulfilled");
    const refused = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason as Error] : []));
    expect(accepted).toHaveLength(1);
    expect(refused).toHaveLength(N - 1);
    for (const error of refused) {
      expect(error).toMatchObject({ code: "PRECONDITION_FAILED" });
      expect(error.message).toContain("maxConcurrentRuns = 1");
      expect(error.message).toContain("concurrent runs");
    }
    expect(await runsOn(clusterId)).toBe(1);
    expect(fixtures.enqueued.length).toBe(queued + 1);
  });
});
