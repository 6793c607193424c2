import { createPrismaClient, createRunQueue, type Database, type RunQueue } from "@meshbench/db";
import { createServices } from "@meshbench/services";
import { createTestDatabase } from "@meshbench/testing/postgres";
import { CoreV1Api } from "@kubernetes/client-node";
import { realNodeKubeConfig, realNodeKubeconfig } from "@meshbench/testing/real-cluster-context";
import { afterAll, beforeAll, expect } from "vitest";
import { startWorker } from "../worker";
import { realNodeClusterRules } from "./cluster-rules";
import { workspaceClient } from "./workspace-client";

type Worker = Awaited<ReturnType<typeof startWorker>>;

export type RealNodeWorkspace = {
  db: Database;
  url: string;
  /** The queue runs are started on (the web app's side); workers get their own. */
  queue: RunQueue;
  workspaceId: string;
  /** The shared real-node cluster, registered (and ready) in this workspace. */
  clusterId: string;
  /** Everything the workers started by `startWorker` logged. */
  logs: string[];
  caller: () => ReturnType<typeof workspaceClient>;
  /** A worker in this process on its own queue connection; stopped after the file if still up. */
  startWorker: (options: { sampleEveryMs: number }) => Promise<Worker>;
};

/**
 * One real-node test file's world: a fresh database, a run queue, a workspace with the shared
 * 2-node cluster registered in it, and in-process workers — set up before the file's tests and
 * torn down after them (hooks registered by this call, inside the file's describe).
 */
export function useRealNodeWorkspace(slug: string): RealNodeWorkspace {
  const workers = new Set<Worker>();
  let drop: (() => Promise<void>) | undefined;
  const ws = { logs: [] as string[] } as unknown as RealNodeWorkspace;
  ws.caller = () =>
    workspaceClient(ws.db, ws.workspaceId, {
      runQueue: ws.queue,
      clusterRules: realNodeClusterRules(),
      clusterPollMs: 500,
    });
  ws.startWorker = async ({ sampleEveryMs }) => {
    const worker = await startWorker({
      services: createServices(ws.db, {
        clusterPollMs: 500,
        clusterRules: realNodeClusterRules(),
      }),
      queue: createRunQueue(ws.url, {
        pollSeconds: 0.5,
        heartbeatSeconds: 10,
        superviseSeconds: 2,
      }),
      log: (m) => ws.logs.push(m),
      sampleEveryMs,
    });
    let stopped = false;
    const tracked: Worker = {
      async stop() {
        if (stopped) return;
        stopped = true;
        workers.delete(tracked);
        await worker.stop();
      },
    };
    workers.add(tracked);
    return tracked;
  };

  beforeAll(async () => {
    await untilEarlierRunsCleanedUp();
    const test = await createTestDatabase();
    drop = test.drop;
    ws.url = test.url;
    ws.db = createPrismaClient(test.url);
    ws.queue = createRunQueue(test.url, {
      pollSeconds: 0.5,
      heartbeatSeconds: 10,
      superviseSeconds: 2,
    });
    ws.workspaceId = (await ws.db.workspace.create({ data: { slug, name: slug } })).id;
    const { cluster, validation } = await ws.caller().clusters.register({
      name: "real-node",
      auth: { mode: "kubeconfig", kubeconfig: realNodeKubeconfig() },
    });
    expect(validation.missing).toEqual([]);
    expect(cluster.status).toBe("ready");
    ws.clusterId = cluster.id;
  });
  afterAll(async () => {
    for (const worker of [...workers]) await worker.stop();
    await ws.queue?.stop({ graceful: false, timeoutMs: 1000 });
    await ws.db?.$disconnect();
    await drop?.();
  });
  return ws;
}

/**
 * Every file starts on a quiet cluster: an earlier file's runs whose namespaces are still being
 * deleted hold CPU requests and pods on the two nodes (a run started beside them can wait past
 * the scheduler's grace). Waits up to 2 minutes for no pod or namespace of any run to be left, then goes on
 * (saying what is left) rather than failing a file for another's leftovers.
 */
async function untilEarlierRunsCleanedUp() {
  const core = realNodeKubeConfig().makeApiClient(CoreV1Api);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const pods = await core.listPodForAllNamespaces({ labelSelector: "meshbench.io/run" });
    const namespaces = await core.listNamespace({ labelSelector: "meshbench.io/run" });
    const left = [...pods.items, ...namespaces.items];
    if (left.length === 0) return;
    if (Date.now() > deadline) {
      const names = left.map(
        (o) => `${o.kind ?? ""} ${o.metadata?.namespace ?? ""}/${o.metadata?.name}`,
      );
      console.log(`[real-node] earlier runs' pods still there after 2 min: ${names.join(", ")}`);
      return;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}
