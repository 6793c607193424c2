import { CoreV1Api } from "@kubernetes/client-node";
import type { TBenchmarkDefinitionInput, TRunEnvironment } from "@meshbench/contracts";
import { createPrismaClient, createRunQueue, type Database, type RunQueue } from "@meshbench/db";
import { createServices } from "@meshbench/services";
import { testKubeConfig, testKubeconfig } from "@meshbench/testing/k8s";
import { kwokClusterRules } from "./test-support/cluster-rules";
import { createTestDatabase } from "@meshbench/testing/postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workspaceClient } from "./test-support/workspace-client";
import { until } from "./test-support/until";
import { startWorker } from "./worker";

const bench = (
  key: string,
  variants: TBenchmarkDefinitionInput["variants"],
): TBenchmarkDefinitionInput => ({
  key,
  name: key,
  target: { kind: "fortio-echo", replicas: 1 },
  variants,
  loadMatrix: { qps: [100, 500], connections: [8] },
  repetitions: 2,
  durationSeconds: 1,
  warmupSeconds: 0,
});

/**
 * What kwok can prove about the worker: registration (validation, sealing), mesh labels and a
 * mesh check that fails for an absent mesh, and cleanup of every API object. Anything that needs
 * a container to run (trials, cancel and resume mid-trial) is in worker.real-node.test.ts.
 */
describe("the worker on a real apiserver with kwok", () => {
  let db: Database;
  let url: string;
  let drop: () => Promise<void>;
  let queue: RunQueue;
  let workspaceId: string;
  let clusterId: string;
  const logs: string[] = [];
  const core = testKubeConfig().makeApiClient(CoreV1Api);
  const caller = () =>
    workspaceClient(db, workspaceId, {
      runQueue: queue,
      clusterRules: kwokClusterRules(),
      clusterPollMs: 200,
    });
  const runNamespaces = async (runId: string) =>
    (await core.listNamespace({ labelSelector: `meshbench.io/run=${runId}` })).items.length;
  const startInProcessWorker = async () => {
    const w = await startWorker({
      services: createServices(db, { clusterPollMs: 200, clusterRules: kwokClusterRules() }),
      queue: createRunQueue(url, { pollSeconds: 0.5, heartbeatSeconds: 10, superviseSeconds: 2 }),
      log: (m) => logs.push(m),
      sampleEveryMs: 300,
    });
    return w;
  };
  const waitForRun = (runId: string, statuses: string[]) =>
    until(
      `run ${runId} in ${statuses.join("/")}`,
      async () => {
        const run = await caller().runs.get({ runId });
        return statuses.includes(run.status) ? run : null;
      },
      90_000,
      200,
    );

  beforeAll(async () => {
    const test = await createTestDatabase();
    url = test.url;
    drop = test.drop;
    db = createPrismaClient(url);
    queue = createRunQueue(url, { pollSeconds: 0.5, heartbeatSeconds: 10, superviseSeconds: 2 });
    const ws = await db.workspace.create({ data: { slug: "k8s", name: "K8s" } });
    workspaceId = ws.id;
  });
  afterAll(async () => {
    await queue.stop({ graceful: false, timeoutMs: 1000 });
    await db.$disconnect();
    await drop();
  });

  it("registers the test cluster through the API: validated, sealed, never returned", async () => {
    const { cluster, validation } = await caller().clusters.register({
      name: "kwok",
      auth: { mode: "kubeconfig", kubeconfig: testKubeconfig() },
    });
    expect(cluster).toMatchObject({
      status: "ready",
      serverVersion: "v1.32.4",
      context: "testenv-admin",
    });
    expect(validation.missing).toEqual([]);
    expect(JSON.stringify(cluster)).not.toContain("client-key-data");
    const row = await db.cluster.findUniqueOrThrow({ where: { id: cluster.id } });
    expect(row.kubeconfigKeyId).toBe("local-dev");
    expect(Buffer.from(row.kubeconfigCiphertext!).toString("utf8")).not.toContain("apiVersion");
    clusterId = cluster.id;
  });

  it("fails a variant whose mesh is absent with the reason, instead of measuring baseline", async () => {
    const worker = await startInProcessWorker();
    try {
      const b = await caller().benchmarks.create(
        bench("linkerd-absent", [{ name: "linkerd", mesh: "linkerd" }]),
      );
      const { runId } = await caller().runs.start({ benchmarkId: b.id, clusterId });
      const run = await waitForRun(runId, ["succeeded", "failed"]);
      expect(run.status).toBe("failed");
      expect(run.trials).toHaveLength(4);
      expect(
        run.trials.every(
          (t) => t.status === "failed" && t.failureReason?.includes("no linkerd-proxy container"),
        ),
      ).toBe(true);
      const env = run.environment as TRunEnvironment;
      expect(env.variants.linkerd).toContain("annotations linkerd.io/inject=enabled");
      expect(env.cluster["Kubernetes version"]).toBe("v1.32.4");
      expect(env.fingerprint).toMatchObject({
        cluster: "kwok",
        kubernetesVersion: "v1.32.4",
        fortioVersion: "1.68.2",
        target: { kind: "fortio-echo" },
      });
      await until(
        "namespaces deleted",
        async () => (await runNamespaces(runId)) === 0,
        90_000,
        200,
      );
    } finally {
      await worker.stop();
    }
  });
});
