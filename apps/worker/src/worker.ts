import type { TTrialResult } from "@meshbench/contracts";
import {
  createBenchmarkRepository,
  createClusterRepository,
  createResourceSampleRepository,
  createRunExecutionRepository,
  createRunRepository,
  type Database,
  type RunQueue,
} from "@meshbench/db";
import {
  KubeClusterGateway,
  kubeConfigForCluster,
  type ClusterGateway,
  type KubeconfigVault,
} from "@meshbench/k8s";
import { executeRun, WorkerStopping, type ExecutorDeps } from "./run-executor";
import { sweepOrphans } from "./sweeper";

export type WorkerOptions = {
  db: Database;
  queue: RunQueue;
  vault: KubeconfigVault;
  parseResult: (json: string) => TTrialResult;
  log: (msg: string) => void;
  pollMs?: number;
  sampleEveryMs?: number;
  sweepEveryMs?: number;
};

/** The scheduler process: claims queued runs from pg-boss, drives them, sweeps orphans. */
export async function startWorker(options: WorkerOptions) {
  const { db, vault, log } = options;
  const clusters = createClusterRepository(db);
  const execution = createRunExecutionRepository(db);
  const connect = async (workspaceId: string, clusterId: string): Promise<ClusterGateway> => {
    const sealed = await clusters.getSecret(workspaceId, clusterId);
    if (!sealed) throw new Error("cluster not found");
    return new KubeClusterGateway(kubeConfigForCluster(sealed, vault, workspaceId), {
      pollMs: options.pollMs ?? 1000,
    });
  };
  const deps: ExecutorDeps = {
    runs: createRunRepository(db),
    execution,
    benchmarks: createBenchmarkRepository(db),
    clusters,
    samples: createResourceSampleRepository(db),
    connect,
    parseResult: options.parseResult,
    log,
    sampleEveryMs: options.sampleEveryMs,
  };
  const controller = new AbortController();
  const active = new Set<Promise<void>>();
  options.queue.on("error", (e) => log(`queue error: ${e.message}`));
  await options.queue.work(async (job, jobSignal) => {
    const signal = AbortSignal.any([controller.signal, jobSignal]);
    const p = executeRun(deps, job, signal);
    active.add(p);
    try {
      await p;
    } catch (error) {
      if (error instanceof WorkerStopping) log(`run ${job.runId}: left for another worker`);
      throw error;
    } finally {
      active.delete(p);
    }
  });

  const sweep = async () => {
    const rows = await db.cluster.findMany({ select: { id: true, workspaceId: true } });
    for (const c of rows) {
      try {
        const removed = await sweepOrphans(await connect(c.workspaceId, c.id), execution);
        if (removed.length) log(`sweeper removed ${removed.join(", ")}`);
      } catch {
        // unreachable clusters are retried on the next sweep
      }
    }
  };
  let sweeping: Promise<void> = sweep();
  const timer = setInterval(
    () => {
      sweeping = sweeping.then(sweep);
    },
    options.sweepEveryMs ?? 5 * 60_000,
  );

  return {
    /** Graceful: the current trial is abandoned, the run stays resumable; the queue stops. */
    async stop() {
      clearInterval(timer);
      controller.abort();
      await Promise.allSettled([...active, sweeping]);
      await options.queue.stop({ graceful: true, timeoutMs: 10_000 });
    },
  };
}
