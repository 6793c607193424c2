import { DomainError, type TStartRunInput, type TStartRunOutput } from "@meshbench/contracts";
import { capViolations, countTrials, estimateRunSeconds, runDemandOf } from "@meshbench/core";
import type {
  BenchmarkRepository,
  ClusterRepository,
  RunExecutionRepository,
  StoredBenchmark,
} from "@meshbench/db";
import type { SecretService } from "../secrets/secret-service";

/** What the API needs of the queue (pg-boss in the apps): hand a run to the workers. */
export type RunEnqueuer = {
  enqueue(job: { runId: string; workspaceId: string }): Promise<unknown>;
};

type StoredCluster = NonNullable<Awaited<ReturnType<ClusterRepository["get"]>>>;

export function createRunSchedulingService(deps: {
  benchmarks: BenchmarkRepository;
  clusters: ClusterRepository;
  execution: RunExecutionRepository;
  queue: RunEnqueuer | null;
  secrets: Pick<SecretService, "missingSecret">;
}) {
  /**
   * Queues a run of a benchmark the caller holds (typed: its definition is not read or parsed
   * again) on a cluster that must be ready.
   */
  async function startOn(
    workspaceId: string,
    bench: StoredBenchmark,
    cluster: StoredCluster,
    input: Pick<TStartRunInput, "title" | "git" | "labels"> & { scheduleId?: string },
    clusterField = "clusterId",
  ): Promise<TStartRunOutput> {
    if (cluster.status !== "ready") {
      throw new DomainError(
        "PRECONDITION_FAILED",
        `The cluster ${cluster.name} is ${cluster.status}${cluster.statusMessage ? ` (${cluster.statusMessage})` : ""}: validate it first`,
        clusterField,
      );
    }
    if (bench.archivedAt)
      throw new DomainError(
        "PRECONDITION_FAILED",
        `The benchmark ${bench.definition.key} is archived: restore it to run it`,
        "benchmarkId",
      );
    if (!deps.queue)
      throw new DomainError("PRECONDITION_FAILED", "No run queue is configured on this server");
    // A secret deleted after the benchmark was saved: say so now, not after the variants start.
    const missing = await deps.secrets.missingSecret(workspaceId, bench.definition);
    if (missing)
      throw new DomainError(
        "PRECONDITION_FAILED",
        `The benchmark's ${missing.field} names the secret ${missing.name}, which the workspace no longer has: create it in Settings → Secrets`,
        "benchmarkId",
      );
    // The cluster's caps, checked with the insert under the cluster's lock (nothing is written
    // when one breaks): every cap broken, named with its value.
    const demand = runDemandOf(bench.definition);
    const admit = (activeRuns: number) => {
      const broken = capViolations(cluster.caps, demand, activeRuns);
      if (broken.length)
        throw new DomainError(
          broken.some((v) => v.cap === "maxConcurrentRuns") ? "PRECONDITION_FAILED" : "BAD_REQUEST",
          `The cluster ${cluster.name} refuses this run: ${broken.map((v) => v.message).join("; ")}`,
          broken[0]!.field === "clusterId" ? clusterField : "benchmarkId",
        );
    };
    const trialsTotal = countTrials(bench.definition);
    const runId = await deps.execution.createScheduled(
      workspaceId,
      {
        benchmarkId: bench.id,
        clusterId: cluster.id,
        title: input.title ?? `${bench.definition.name} on ${cluster.name}`,
        trialsTotal,
        git: input.git,
        labels: input.labels,
        definition: bench.definition,
        scheduleId: input.scheduleId,
      },
      admit,
    );
    await deps.queue.enqueue({ runId, workspaceId });
    return { runId, trialsTotal, estimatedSeconds: estimateRunSeconds(bench.definition) };
  }

  return {
    startOn,

    /**
     * The benchmark and cluster by id (dashboard) or by key and name (CI, REST). `input` is
     * typed: the transport parsed it at the edge.
     */
    async start(workspaceId: string, input: TStartRunInput): Promise<TStartRunOutput> {
      const benchField = input.benchmarkId !== undefined ? "benchmarkId" : "benchmarkKey";
      const bench =
        input.benchmarkId !== undefined
          ? await deps.benchmarks.get(workspaceId, input.benchmarkId)
          : await deps.benchmarks.getByKey(workspaceId, input.benchmarkKey ?? "");
      // Benchmarks that only group CI uploads have no definition, so they read as not found.
      if (!bench)
        throw new DomainError(
          "NOT_FOUND",
          input.benchmarkId !== undefined
            ? "Benchmark not found"
            : `No benchmark definition "${input.benchmarkKey}" (benchmarks created by CI uploads cannot be run)`,
          benchField,
        );
      const clusterField = input.clusterId !== undefined ? "clusterId" : "clusterName";
      const cluster =
        input.clusterId !== undefined
          ? await deps.clusters.get(workspaceId, input.clusterId)
          : await deps.clusters.getByName(workspaceId, input.clusterName ?? "");
      if (!cluster) throw new DomainError("NOT_FOUND", "Cluster not found", clusterField);
      return startOn(workspaceId, bench, cluster, input, clusterField);
    },

    /**
     * Hands the queue again the runs that waited for a cluster now free (the cluster guard); the
     * worker calls it on its tick and after each run, with its own queue. Returns the runs handed over.
     */
    async wakeWaitingRuns(queue: RunEnqueuer | null = deps.queue) {
      if (!queue) return [];
      const runs = await deps.execution.waitingRunsToWake();
      for (const job of runs) await queue.enqueue(job);
      return runs.map((r) => r.runId);
    },

    async cancel(workspaceId: string, runId: string) {
      if (await deps.execution.cancel(workspaceId, runId)) return { cancelled: true };
      const status = await deps.execution.status(workspaceId, runId);
      if (!status) throw new DomainError("NOT_FOUND", "Run not found", "runId");
      throw new DomainError("CONFLICT", `The run is already ${status}`, "runId");
    },
  };
}

export type RunSchedulingService = ReturnType<typeof createRunSchedulingService>;
