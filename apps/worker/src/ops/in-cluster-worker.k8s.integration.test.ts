/**
 * The worker process as a chart pod runs it: in-cluster credentials only (the chart's
 * ServiceAccount token mounted at /var/run/secrets/kubernetes.io/serviceaccount — a private
 * mount namespace per process, so needs root + unshare), production mode, ops server on.
 * kwok runs no container, so here the worker proves its credentials and lifecycle, not trials
 * (those run on real nodes: worker.real-node.test.ts): a run whose mesh is absent goes through
 * the chart's RBAC and /metrics moves; SIGTERM while a variant is prepared: readiness false,
 * exit 0 in time, the run handed back and finished by the next worker, nothing left behind.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { CoreV1Api } from "@kubernetes/client-node";
import { createPrismaClient, createRunQueue, type Database, type RunQueue } from "@meshbench/db";
import { createDatabase, findFreePort } from "@meshbench/local-postgres";
import { testKubeConfig } from "@meshbench/testing/k8s";
import { adminDatabaseUrl, dropDatabase } from "@meshbench/testing/postgres";
import { until } from "../test-support/until";
import { workspaceClient } from "../test-support/workspace-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kubectl, renderChart, repoRoot, serviceAccountFiles } from "../test-support/chart-testing";

const canUnshare = (() => {
  try {
    execFileSync("unshare", ["-m", "true"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Polls until truthy, taking a failed call (the worker's port not up yet) as "not yet". */
const eventually = <T>(
  what: string,
  fn: () => Promise<T | null | undefined | false>,
  ms = 90_000,
) => until(what, () => fn().catch(() => null), ms, 100);

describe.skipIf(!canUnshare)("the worker in-cluster, as the chart runs it", () => {
  const ns = "mb-worker-pod";
  const dbName = `mb_incluster_${Date.now()}`;
  let url: string;
  let db: Database;
  let queue: RunQueue;
  let workspaceId: string;
  let clusterId: string;
  let sa: ReturnType<typeof serviceAccountFiles>;
  const stops: (() => Promise<unknown>)[] = [];
  const core = testKubeConfig().makeApiClient(CoreV1Api);
  const caller = () => workspaceClient(db, workspaceId, { runQueue: queue });

  /** Starts the worker with the pod's token mount and env; returns the process and ops URL. */
  const startPodWorker = async () => {
    const opsPort = await findFreePort();
    const mountAndRun = [
      "mount -t tmpfs tmpfs /run",
      "mkdir -p /run/secrets/kubernetes.io/serviceaccount",
      `mount --bind "${sa.dir}" /run/secrets/kubernetes.io/serviceaccount`,
      `exec "${process.execPath}" --import tsx src/main.ts`,
    ].join(" && ");
    const output: string[] = [];
    const child: ChildProcess = spawn(
      "unshare",
      ["-m", "--propagation", "private", "sh", "-c", mountAndRun],
      {
        cwd: path.join(repoRoot, "apps/worker"),
        env: {
          ...process.env,
          DATABASE_URL: url,
          MESHBENCH_MODE: "production",
          MESHBENCH_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString("base64")}`,
          // the operator enables in-cluster mode for this workspace only
          MESHBENCH_IN_CLUSTER_WORKSPACES: workspaceId,
          KUBERNETES_SERVICE_HOST: sa.host,
          KUBERNETES_SERVICE_PORT: sa.port,
          MESHBENCH_OPS_PORT: String(opsPort),
          MESHBENCH_OPS_HOST: "127.0.0.1",
          MESHBENCH_WORKER_POLL_MS: "300",
          MESHBENCH_SHUTDOWN_TIMEOUT_MS: "20000",
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    child.stdout!.on("data", (c: Buffer) => output.push(c.toString()));
    child.stderr!.on("data", (c: Buffer) => output.push(c.toString()));
    const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    stops.push(async () => {
      if (child.exitCode === null) child.kill("SIGKILL");
      await exited;
    });
    const ops = `http://127.0.0.1:${opsPort}`;
    await eventually(
      "worker ready",
      async () => (await fetch(`${ops}/readyz`)).status === 200,
      60_000,
    );
    return { child, ops, exited, output };
  };
  const scrape = async (ops: string, name: string) => {
    const text = await (await fetch(`${ops}/metrics`)).text();
    const line = text.split("\n").find((l) => l.startsWith(`${name}{`));
    return Number(line?.split(" ").at(-1));
  };
  const createBenchmark = (key: string, repetitions: number, mesh: "baseline" | "linkerd") =>
    caller().benchmarks.create({
      key,
      name: key,
      target: { kind: "fortio-echo", replicas: 1 },
      variants: [{ name: mesh, mesh }],
      loadMatrix: { qps: [100], connections: [8] },
      repetitions,
      durationSeconds: 1,
      warmupSeconds: 0,
    });
  const runNamespaces = async (runId: string) =>
    (await core.listNamespace({ labelSelector: `meshbench.io/run=${runId}` })).items.length;
  const waitForRun = (runId: string, statuses: string[], ms?: number) =>
    eventually(
      `run ${runId} ${statuses.join("/")}`,
      async () => {
        const run = await caller().runs.get({ runId });
        return statuses.includes(run.status) ? run : null;
      },
      ms,
    );

  beforeAll(async () => {
    // An empty database migrated by the migrations image's entrypoint (readiness needs it).
    url = await createDatabase(adminDatabaseUrl(), dbName);
    execFileSync("bash", [path.join(repoRoot, "infra/docker/migrate.sh")], {
      env: { ...process.env, DATABASE_URL: url },
      stdio: "ignore",
    });
    db = createPrismaClient(url, { maxConnections: 3 });
    queue = createRunQueue(url, { pollSeconds: 0.5 });
    kubectl(["create", "namespace", ns]);
    kubectl(
      ["apply", "-n", ns, "-f", "-"],
      renderChart(
        ns,
        "database: { url: postgresql://x@db/x }\ninCluster: { enabled: true, workspaces: [w] }\n",
        ["--show-only", "templates/serviceaccount.yaml", "--show-only", "templates/rbac.yaml"],
      ),
    );
    sa = serviceAccountFiles(ns, "mb-meshbench");
    const ws = await db.workspace.create({ data: { slug: "pod", name: "Pod" } });
    workspaceId = ws.id;
    const cluster = await db.cluster.create({
      data: { workspaceId: ws.id, name: "this-cluster", authMode: "in_cluster", status: "ready" },
    });
    clusterId = cluster.id;
  });
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
    await queue.stop({ graceful: false, timeoutMs: 1000 });
    await db.$disconnect();
    await dropDatabase(adminDatabaseUrl(), dbName);
  });

  it("drives a run on its own cluster with the ServiceAccount token, and /metrics moves", async () => {
    const worker = await startPodWorker();
    const failedBefore = await scrape(worker.ops, "meshbench_trials_failed_total");
    const b = await createBenchmark("in-cluster", 2, "linkerd");
    const { runId } = await caller().runs.start({ benchmarkId: b.id, clusterId });
    const run = await waitForRun(runId, ["succeeded", "failed"]);
    expect(run).toMatchObject({ status: "failed", trialsFailed: 2 });
    expect(run.trials.every((t) => t.failureReason?.includes("no linkerd-proxy container"))).toBe(
      true,
    );
    await eventually("namespaces deleted", async () => (await runNamespaces(runId)) === 0);
    await sleep(5_100); // the snapshot is cached for 5 s
    expect(await scrape(worker.ops, "meshbench_trials_failed_total")).toBe(failedBefore + 2);
    expect(await scrape(worker.ops, "meshbench_runs_in_flight")).toBe(0);
    expect(worker.output.join("")).toMatch(/^\{"level":"info",.*"component":"worker"/m);
    worker.child.kill("SIGTERM");
    expect(await worker.exited).toBe(0);
  });

  it("SIGTERM while preparing: not ready, exits 0 in time, the next worker finishes the run, nothing orphaned", async () => {
    const first = await startPodWorker();
    const b = await createBenchmark("sigterm", 2, "baseline");
    const { runId } = await caller().runs.start({ benchmarkId: b.id, clusterId });
    // kwok's load-generator pod is Ready but runs nothing: the worker keeps waiting for the
    // target to answer through it, which is where it is stopped.
    await eventually("the variant being prepared", async () => (await runNamespaces(runId)) === 1);
    await sleep(2_000);
    const signalledAt = Date.now();
    first.child.kill("SIGTERM");
    const readiness: number[] = [];
    const polling = (async () => {
      while (first.child.exitCode === null) {
        const status = await fetch(`${first.ops}/readyz`).then(
          (r) => r.status,
          () => 0,
        );
        readiness.push(status);
        await sleep(10);
      }
    })();
    expect(await first.exited).toBe(0);
    await polling;
    expect(Date.now() - signalledAt).toBeLessThan(20_000);
    // once not ready (503 "shutting down", or the port closed when it stops this fast) it never
    // turns ready again
    const notReadyFrom = readiness.findIndex((s) => s !== 200);
    expect(notReadyFrom).toBeGreaterThanOrEqual(0);
    expect(readiness.slice(notReadyFrom).every((s) => s === 503 || s === 0)).toBe(true);
    expect(first.output.join("")).toContain('"msg":"stopped cleanly"');

    const handedBack = await caller().runs.get({ runId });
    expect(handedBack.status, first.output.join("").slice(-1500)).toBe("running"); // resumable, not failed

    const second = await startPodWorker();
    const run = await waitForRun(runId, ["succeeded", "failed"], 150_000);
    // Finished by the second worker: on kwok the target never answers, so the trials fail with
    // that reason (on real nodes they run).
    expect(run.status).toBe("failed");
    expect(run.trials.every((t) => t.failureReason?.includes("did not answer"))).toBe(true);
    await eventually("namespaces deleted", async () => (await runNamespaces(runId)) === 0);
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  });
});
