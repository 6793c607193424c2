import {
  DomainError,
  type TBenchmarkDefinition,
  type TBenchmarkDetail,
  type TBenchmarkSummary,
  type TEstimate,
  type TEstimateInput,
} from "@meshbench/contracts";
import { countTrials, estimateRunSeconds } from "@meshbench/core";
import type { BenchmarkRepository, StoredBenchmark } from "@meshbench/db";
import { definitionProblems } from "@meshbench/k8s";

const detail = (b: StoredBenchmark): TBenchmarkDetail => ({
  id: b.id,
  definition: b.definition,
  archived: b.archivedAt !== null,
  trialCount: countTrials(b.definition),
  estimatedSeconds: estimateRunSeconds(b.definition),
  createdAt: b.createdAt,
  updatedAt: b.updatedAt,
});

const MAX_TRIALS = 10_000;

/**
 * What the schema cannot see: the target (a workload's manifests, the sample app's protocols) and
 * Meshbench's cluster policy over everything the benchmark would create (k8s policy/).
 */
function checkDefinition(def: TBenchmarkDefinition) {
  const [first] = definitionProblems(def);
  if (first) throw new DomainError("BAD_REQUEST", first.message, first.field);
}

function checkSize(def: TBenchmarkDefinition) {
  if (countTrials(def) > MAX_TRIALS) {
    throw new DomainError(
      "BAD_REQUEST",
      `A benchmark may have at most ${MAX_TRIALS} trials`,
      "loadMatrix",
    );
  }
}

export function createBenchmarkService({ benchmarks }: { benchmarks: BenchmarkRepository }) {
  return {
    /**
     * Every benchmark, CI-only ones included, with its last run: one call, bounded queries.
     * Archived ones only with `{ archived: true }`.
     */
    async list(
      workspaceId: string,
      options: { archived?: boolean } = {},
    ): Promise<TBenchmarkSummary[]> {
      return (await benchmarks.list(workspaceId, options)).map((b): TBenchmarkSummary => {
        const base = {
          id: b.id,
          key: b.key,
          name: b.name,
          description: b.description,
          lastRun: b.lastRun,
          archived: b.archivedAt !== null,
          updatedAt: b.updatedAt,
        };
        const def = b.definition;
        if (!def) return { ...base, ciOnly: true };
        return {
          ...base,
          ciOnly: false,
          variantNames: def.variants.map((v) => v.name),
          loadMatrix: def.loadMatrix,
          repetitions: def.repetitions,
          trialCount: countTrials(def),
          estimatedSeconds: estimateRunSeconds(def),
        };
      });
    },
    /** A definition's size while the editor is being filled in: trials and estimated time. */
    estimate: (input: TEstimateInput): TEstimate => ({
      trialCount: countTrials(input),
      estimatedSeconds: estimateRunSeconds(input),
    }),
    async get(workspaceId: string, benchmarkId: string) {
      const b = await benchmarks.get(workspaceId, benchmarkId);
      if (!b) throw new DomainError("NOT_FOUND", "Benchmark not found", "benchmarkId");
      return detail(b);
    },
    async create(workspaceId: string, def: TBenchmarkDefinition) {
      checkSize(def);
      checkDefinition(def);
      if (await benchmarks.keyTaken(workspaceId, def.key))
        throw new DomainError("CONFLICT", "Key already in use", "key");
      return detail(await benchmarks.create(workspaceId, def));
    },
    /**
     * Replaces the definition. Runs keep the snapshot they were created with; the key, which
     * CI, history and verdicts name the benchmark by, cannot change once the benchmark has runs.
     */
    async update(workspaceId: string, benchmarkId: string, def: TBenchmarkDefinition) {
      const current = await benchmarks.keyAndRuns(workspaceId, benchmarkId);
      if (!current) throw new DomainError("NOT_FOUND", "Benchmark not found", "benchmarkId");
      if (current.key !== def.key && current.runs > 0)
        throw new DomainError(
          "BAD_REQUEST",
          `The key cannot change once the benchmark has runs (it has ${current.runs}); keep "${current.key}"`,
          "key",
        );
      checkSize(def);
      checkDefinition(def);
      if (await benchmarks.keyTaken(workspaceId, def.key, benchmarkId))
        throw new DomainError("CONFLICT", "Key already in use", "key");
      const b = await benchmarks.update(workspaceId, benchmarkId, def);
      if (!b) throw new DomainError("NOT_FOUND", "Benchmark not found", "benchmarkId");
      return detail(b);
    },
    /**
     * Archives (hidden from lists, not runnable; its runs, history and verdicts stay) or restores
     * it. Benchmarks are never deleted: runs keep pointing at them.
     */
    async setArchived(workspaceId: string, benchmarkId: string, archived: boolean) {
      if (!(await benchmarks.setArchived(workspaceId, benchmarkId, archived ? new Date() : null)))
        throw new DomainError("NOT_FOUND", "Benchmark not found", "benchmarkId");
      return { benchmarkId, archived };
    },
  };
}

export type BenchmarkService = ReturnType<typeof createBenchmarkService>;
