import { DomainError } from "@meshbench/contracts";
import { countTrials, estimateRunSeconds } from "@meshbench/core";
import type { BenchmarkRepository, ClusterRepository, RunExecutionRepository } from "@meshbench/db";

/** What the API needs of the queue (pg-boss in the apps): hand a run to the workers. */
export type RunEnqueuer = {
  enqueue(job: { runId: string; workspaceId: string }): Promise<unknown>;
};

export function createRunSchedulingService(deps: {
  benchmarks: BenchmarkRepository;
  clusters: ClusterRepository;
  execution: RunExecutionRepository;
  queue: RunEnqueuer | null;
}) {
  return {
    async start(
      workspaceId: string,
      input: { benchmarkId: string; clusterId: string; title?: string | null },
    ) {
      const bench = await deps.benchmarks.get(workspaceId, input.benchmarkId);
      if (!bench) throw new DomainError("NOT_FOUND", "Benchmark not found", "benchmarkId");
      const cluster = await deps.clusters.get(workspaceId, input.clusterId);
      if (!cluster) throw new DomainError("NOT_FOUND", "Cluster not found", "clusterId");
      if (cluster.status !== "ready") {
        throw new DomainError(
          "PRECONDITION_FAILED",
          `The cluster is ${cluster.status}: validate it first`,
          "clusterId",
        );
      }
      if (!deps.queue)
        throw new DomainError("PRECONDITION_FAILED", "No run queue is configured on this server");
      const trialsTotal = countTrials(bench.definition);
      const runId = await deps.execution.createScheduled(workspaceId, {
        benchmarkId: bench.id,
        clusterId: cluster.id,
        title: input.title ?? `${bench.definition.name} on ${cluster.name}`,
        trialsTotal,
      });
      await deps.queue.enqueue({ runId, workspaceId });
      return { runId, trialsTotal, estimatedSeconds: estimateRunSeconds(bench.definition) };
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
