/**
 * The cluster guard on a real database: a second run on a cluster another run is using stays
 * queued and says which run it waits for; it is handed to the queue again once the first ends,
 * then starts. Two claims racing on separate connections never both start on one cluster.
 */
import { ZBenchmarkDefinition } from "@meshbench/contracts";
import { createPrismaClient, createRunExecutionRepository, type Database } from "@meshbench/db";
import { createTestDatabase } from "@meshbench/testing/postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServices, type Services } from "../create-services";

describe("one run per cluster at a time (real database)", () => {
  let db: Database;
  let other: Database;
  let drop: () => Promise<void>;
  let services: Services;
  const enqueued: string[] = [];
  let workspaceId: string;
  let benchmarkId: string;

  const newCluster = async (name: string) =>
    (await db.cluster.create({ data: { workspaceId, name, status: "ready" } })).id;
  const start = async (clusterId: string) =>
    (await services.scheduling.start(workspaceId, { benchmarkId, clusterId, git: {}, labels: {} }))
      .runId;

  beforeAll(async () => {
    const test = await createTestDatabase();
    drop = test.drop;
    db = createPrismaClient(test.url);
    other = createPrismaClient(test.url);
    services = createServices(db, {
      runQueue: { enqueue: (job) => Promise.resolve(enqueued.push(job.runId)) },
    });
    workspaceId = (await db.workspace.create({ data: { slug: "guard", name: "guard" } })).id;
    benchmarkId = (
      await services.benchmarks.create(
        workspaceId,
        ZBenchmarkDefinition.parse({
          key: "b",
          name: "b",
          target: { kind: "fortio-echo" },
          variants: [{ name: "baseline", mesh: "baseline" }],
          loadMatrix: { qps: [10], connections: [1] },
        }),
      )
    ).id;
  });
  afterAll(async () => {
    await db.$disconnect();
    await other.$disconnect();
    await drop();
  });

  it("queues the second run with the run it waits for, and starts it when the first ends", async () => {
    const execution = createRunExecutionRepository(db);
    const clusterId = await newCluster("lab");
    const first = await start(clusterId);
    const second = await start(clusterId);
    expect(await execution.claim(workspaceId, first)).toEqual({ claimed: true });
    expect(await execution.claim(workspaceId, second)).toEqual({ claimed: false, busyWith: first });

    const waiting = await services.runs.get(workspaceId, second);
    expect(waiting.status).toBe("queued");
    expect(waiting.waitingFor).toEqual({ clusterName: "lab", runId: first });
    // While the first runs, nothing is woken.
    expect(await services.scheduling.wakeWaitingRuns()).toEqual([]);

    await execution.finish(workspaceId, first, "succeeded");
    enqueued.length = 0;
    expect(await services.scheduling.wakeWaitingRuns()).toEqual([second]);
    expect(enqueued).toEqual([second]);
    expect(await execution.claim(workspaceId, second)).toEqual({ claimed: true });
    const running = await services.runs.get(workspaceId, second);
    expect(running.status).toBe("running");
    expect(running.waitingFor).toBeNull();
  });

  it("a run on another cluster is not held up", async () => {
    const execution = createRunExecutionRepository(db);
    const busy = await start(await newCluster("busy"));
    const free = await start(await newCluster("free"));
    expect(await execution.claim(workspaceId, busy)).toEqual({ claimed: true });
    expect(await execution.claim(workspaceId, free)).toEqual({ claimed: true });
  });

  it("two claims racing on separate connections start one run per cluster", async () => {
    for (let round = 0; round < 8; round++) {
      const clusterId = await newCluster(`race-${round}`);
      const a = await start(clusterId);
      const b = await start(clusterId);
      const results = await Promise.all([
        createRunExecutionRepository(db).claim(workspaceId, a),
        createRunExecutionRepository(other).claim(workspaceId, b),
      ]);
      expect(results.filter((r) => r.claimed)).toHaveLength(1);
      expect(await db.run.count({ where: { clusterId, status: "running" } })).toBe(1);
    }
  });
});
