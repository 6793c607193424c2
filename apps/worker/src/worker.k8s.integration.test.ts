import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CoreV1Api } from "@kubernetes/client-node";
import type { TBenchmarkDefinitionInput } from "@meshbench/contracts";
import { createPrismaClient, createRunQueue, type Database, type RunQueue } from "@meshbench/db";
import { KubeClusterGateway } from "@meshbench/k8s";
import { createServices } from "@meshbench/services";
import { readFixture } from "@meshbench/testing/fixtures";
import {
  startFakeFortio,
  startSidecarInjector,
  testKubeConfig,
  testKubeconfig,
} from "@meshbench/testing/k8s";
import { createTestDatabase } from "@meshbench/testing/postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workspaceClient } from "./test-support/workspace-client";
import { startWorker } from "./worker";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const workerDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function until<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false>,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

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

describe("the worker drives whole runs on a real apiserver with kwok", () => {
  let db: Database;
  let url: string;
  let drop: () => Promise<void>;
  let queue: RunQueue;
  let workspaceId: string;
  let clusterId: string;
  const stops: (() => Promise<unknown>)[] = [];
  const logs: string[] = [];
  const core = testKubeConfig().makeApiClient(CoreV1Api);
  const caller = () =>
    workspaceClient(db, workspaceId, {
      runQueue: queue,
      gatewayFor: (kc, cluster) => new KubeClusterGateway(kc, { pollMs: 200, ...cluster }),
    });
  const runNamespaces = async (runId: string) =>
    (await core.listNamespace({ labelSelector: `meshbench.io/run=${runId}` })).items.length;
  const startInProcessWorker = async () => {
    const w = await startWorker({
      services: createServices(db, { clusterPollMs: 200 }),
      queue: createRunQueue(url, { pollSeconds: 0.5, heartbeatSeconds: 10, superviseSeconds: 2 }),
      log: (m) => logs.push(m),
      sampleEveryMs: 300,
    });
    return w;
  };
  const waitForRun = (runId: string, statuses: string[]) =>
    until(`run ${runId} in ${statuses.join("/")}`, async () => {
      const run = await caller().runs.get({ runId });
      return statuses.includes(run.status) ? run : null;
    });

  beforeAll(async () => {
    const test = await createTestDatabase();
    url = test.url;
    drop = test.drop;
    db = createPrismaClient(url);
    queue = createRunQueue(url, { pollSeconds: 0.5, heartbeatSeconds: 10, superviseSeconds: 2 });
    const ws = await db.workspace.create({ data: { slug: "k8s", name: "K8s" } });
    workspaceId = ws.id;
    const fortio = startFakeFortio((pod) => {
      const qps = pod.args[pod.args.indexOf("-qps") + 1];
      const variant = pod.labels["meshbench.io/variant"] === "baseline" ? "baseline" : "nginx";
      return readFixture(`fortio/matrix/${variant}-qps${qps}-c8-rep1.json`);
    });
    stops.push(() => fortio.stop());
    const injector = await startSidecarInjector();
    stops.push(() => injector.stop());
  });
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
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

  it("runs 2 variants × 2 QPS × 2 repetitions end to end, with the mesh verified and nothing left behind", async () => {
    const worker = await startInProcessWorker();
    try {
      const b = await caller().benchmarks.create(
        bench("sidecar-vs-baseline", [
          { name: "baseline", mesh: "baseline" },
          { name: "sidecar", mesh: "istio-sidecar" },
        ]),
      );
      expect(b.trialCount).toBe(8);
      const started = await caller().runs.start({ benchmarkId: b.id, clusterId });
      const run = await waitForRun(started.runId, ["succeeded", "failed"]);
      expect(run).toMatchObject({
        status: "succeeded",
        trialsTotal: 8,
        trialsDone: 8,
        trialsFailed: 0,
      });
      expect(run.trials.map((t) => `${t.variant}/${t.requestedQps}/${t.repetition}`)).toEqual([
        "baseline/100/1",
        "sidecar/100/1",
        "baseline/500/1",
        "sidecar/500/1",
        "baseline/100/2",
        "sidecar/100/2",
        "baseline/500/2",
        "sidecar/500/2",
      ]);
      expect(run.trials.every((t) => t.histogram && t.histogram.count > 0)).toBe(true);
      const env = run.environment as {
        kubernetesVersion: string;
        variants: { name: string; labels: Record<string, string>; meshCheck: string }[];
        fortio: { commandLines: Record<string, string> };
        scheduler: { firstJobMs: number; apiCallsPerTrial: number };
      };
      expect(env.kubernetesVersion).toBe("v1.32.4");
      expect(env.variants.find((v) => v.name === "sidecar")).toMatchObject({
        labels: { "istio-injection": "enabled" },
        meshCheck: "ok",
      });
      expect(env.fortio.commandLines["sidecar/qps-500/c8/p0/http1/ka"]).toContain(
        "-qps 500 -c 8 -t 1s -r 0.0001",
      );
      console.log(
        `[figures] first Job after ${env.scheduler.firstJobMs} ms; ${env.scheduler.apiCallsPerTrial.toFixed(1)} API calls per trial`,
      );
      await until("namespaces deleted", async () => (await runNamespaces(started.runId)) === 0);
    } finally {
      await worker.stop();
    }
  });

  it("fails a variant whose mesh is absent with the reason, instead of measuring baseline", async () => {
    const worker = await startInProcessWorker();
    try {
      const b = await caller().benchmarks.create(
        bench("linkerd-absent", [
          { name: "baseline", mesh: "baseline" },
          { name: "linkerd", mesh: "linkerd" },
        ]),
      );
      const { runId } = await caller().runs.start({ benchmarkId: b.id, clusterId });
      const run = await waitForRun(runId, ["succeeded", "failed"]);
      const linkerd = run.trials.filter((t) => t.variant === "linkerd");
      expect(linkerd).toHaveLength(4);
      expect(
        linkerd.every(
          (t) => t.status === "failed" && t.failureReason?.includes("no linkerd-proxy container"),
        ),
      ).toBe(true);
      expect(
        run.trials.filter((t) => t.variant === "baseline" && t.status === "succeeded"),
      ).toHaveLength(4);
      await until("namespaces deleted", async () => (await runNamespaces(runId)) === 0);
    } finally {
      await worker.stop();
    }
  });

  it("cancels a run: the worker stops and deletes its Jobs and namespaces", async () => {
    const worker = await startInProcessWorker();
    try {
      const b = await caller().benchmarks.create({
        ...bench("cancel-me", [{ name: "baseline", mesh: "baseline" }]),
        repetitions: 20,
      });
      const { runId } = await caller().runs.start({ benchmarkId: b.id, clusterId });
      await until("a trial done", async () => (await caller().runs.get({ runId })).trialsDone >= 1);
      expect(await caller().runs.cancel({ runId })).toEqual({ cancelled: true });
      await until("namespaces deleted", async () => (await runNamespaces(runId)) === 0);
      const run = await caller().runs.get({ runId });
      expect(run.status).toBe("cancelled");
      expect(run.trialsDone).toBeLessThan(40);
      await expect(caller().runs.cancel({ runId })).rejects.toMatchObject({ code: "CONFLICT" });
    } finally {
      await worker.stop();
    }
  });

  it("resumes a run after its worker is killed, without repeating finished trials", async () => {
    const b = await caller().benchmarks.create({
      ...bench("resume-me", [{ name: "baseline", mesh: "baseline" }]),
      repetitions: 4,
    });
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: workerDir,
      env: {
        ...process.env,
        DATABASE_URL: url,
        MESHBENCH_WORKER_POLL_MS: "300",
        MESHBENCH_MODE: "local",
      },
      stdio: "ignore",
    });
    const { runId } = await caller().runs.start({ benchmarkId: b.id, clusterId });
    await until(
      "two trials done by the first worker",
      async () => (await caller().runs.get({ runId })).trialsDone >= 2,
    );
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    const before = await caller().runs.get({ runId });
    const doneBefore = before.trials.filter((t) => t.status === "succeeded").map((t) => t.id);
    expect(before.status).toBe("running");

    const worker = await startInProcessWorker();
    try {
      const run = await waitForRun(runId, ["succeeded", "failed"]);
      expect(run).toMatchObject({ status: "succeeded", trialsDone: 8, trialsFailed: 0 });
      expect(run.trials).toHaveLength(8);
      // Finished trials kept their rows (same ids): nothing was measured twice.
      for (const id of doneBefore) expect(run.trials.some((t) => t.id === id)).toBe(true);
      await until("namespaces deleted", async () => (await runNamespaces(runId)) === 0);
    } finally {
      await worker.stop();
    }
  });
});
