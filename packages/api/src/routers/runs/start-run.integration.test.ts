import { readFileSync } from "node:fs";
import path from "node:path";
import type { TTokenScope } from "@meshbench/contracts";
import { createPrismaClient } from "@meshbench/db";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "../../root";
import { demoMatrixDir, seedDemo } from "@meshbench/demo";
import { createServices } from "@meshbench/services";
import type { RunEnqueuer } from "@meshbench/services";

describe("runs.start by benchmark key and cluster name (REST / meshbench run)", () => {
  const db = useTestDatabase(createPrismaClient);
  let demo: Awaited<ReturnType<typeof seedDemo>>;
  const queued: { runId: string; workspaceId: string }[] = [];
  const queue: RunEnqueuer = { enqueue: (job) => Promise.resolve(queued.push(job)) };
  const token = (scopes: TTokenScope[], runQueue: RunEnqueuer | null = queue) =>
    createCaller({
      services: createServices(db(), { runQueue }),
      actor: {
        userId: null,
        workspaceId: demo.workspaceId,
        role: "member",
        via: "token",
        tokenId: null,
        scopes,
      },
    });
  const addCluster = (
    name: string,
    status: "ready" | "unreachable",
    statusMessage: string | null = null,
  ) =>
    db().cluster.create({ data: { workspaceId: demo.workspaceId, name, status, statusMessage } });

  beforeAll(async () => {
    demo = await seedDemo(db());
  });

  it("refuses a token without runs:trigger", async () => {
    await expect(
      token(["read", "results:write"]).runs.start({
        benchmarkKey: "nginx-vs-baseline",
        clusterName: "x",
      }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "This API token lacks the runs:trigger scope",
    });
  });

  it("needs exactly one of id and key/name for the benchmark and the cluster", async () => {
    await expect(token(["runs:trigger"]).runs.start({ clusterName: "x" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(
      token(["runs:trigger"]).runs.start({
        benchmarkKey: "a",
        benchmarkId: "abc",
        clusterName: "x",
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("names what is missing: an unknown cluster, a CI-only benchmark, an unready cluster, no queue", async () => {
    const trigger = token(["runs:trigger"]);
    await expect(
      trigger.runs.start({ benchmarkKey: "nginx-vs-baseline", clusterName: "nowhere" }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "Cluster not found",
      cause: { field: "clusterName" },
    });

    await token(["results:write"]).results.upload({
      benchmark: "ci-only",
      trials: [
        { result: readFileSync(path.join(demoMatrixDir, "baseline-qps100-c8-rep1.json"), "utf8") },
      ],
    });
    await expect(
      trigger.runs.start({ benchmarkKey: "ci-only", clusterName: "nowhere" }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
      cause: { field: "benchmarkKey" },
      message: expect.stringContaining("created by CI uploads") as unknown,
    });

    await addCluster("kind-down", "unreachable", "connect ECONNREFUSED 127.0.0.1:6443");
    await expect(
      trigger.runs.start({ benchmarkKey: "nginx-vs-baseline", clusterName: "kind-down" }),
    ).rejects.toMatchObject({
      code: "PRECONDITION_FAILED",
      message:
        "The cluster kind-down is unreachable (connect ECONNREFUSED 127.0.0.1:6443): validate it first",
    });

    await addCluster("kind-up", "ready");
    await expect(
      token(["runs:trigger"], null).runs.start({
        benchmarkKey: "nginx-vs-baseline",
        clusterName: "kind-up",
      }),
    ).rejects.toMatchObject({
      code: "PRECONDITION_FAILED",
      message: "No run queue is configured on this server",
    });
    expect(queued).toEqual([]);
  });

  it("queues a run of the saved benchmark and hands it to the workers", async () => {
    const started = await token(["runs:trigger"]).runs.start({
      benchmarkKey: "nginx-vs-baseline",
      clusterName: "kind-up",
    });
    expect(started).toMatchObject({ trialsTotal: 30 });
    expect(queued).toEqual([{ runId: started.runId, workspaceId: demo.workspaceId }]);
    const run = await token(["read"]).results.getRun({ runId: started.runId });
    expect(run).toMatchObject({
      status: "queued",
      benchmarkKey: "nginx-vs-baseline",
      clusterName: "kind-up",
      trialsTotal: 30,
      trialsDone: 0,
    });
    // The dashboard's form still names both by id.
    const bench = await db().benchmark.findFirstOrThrow({ where: { key: "nginx-vs-baseline" } });
    const cluster = await db().cluster.findFirstOrThrow({ where: { name: "kind-up" } });
    // Keys and names are looked up inside the caller's workspace only.
    const other = await db().workspace.create({ data: { slug: "other", name: "Other" } });
    const foreign = createCaller({
      services: createServices(db(), { runQueue: queue }),
      actor: {
        userId: null,
        workspaceId: other.id,
        role: "member",
        via: "token",
        scopes: ["runs:trigger"],
      },
    });
    await expect(
      foreign.runs.start({ benchmarkKey: "nginx-vs-baseline", clusterName: "kind-up" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    const byId = await token(["runs:trigger"]).runs.start({
      benchmarkId: bench.id,
      clusterId: cluster.id,
    });
    expect(byId.runId).not.toBe(started.runId);
  });
});
