import {
  DomainError,
  type TBenchmarkDefinition,
  type TBenchmarkDetail,
  type TBenchmarkSummary,
} from "@meshbench/contracts";
import { countTrials, estimateRunSeconds } from "@meshbench/core";
import type { BenchmarkRepository, StoredBenchmark } from "@meshbench/db";

const detail = (b: StoredBenchmark): TBenchmarkDetail => ({
  id: b.id,
  definition: b.definition,
  trialCount: countTrials(b.definition),
  estimatedSeconds: estimateRunSeconds(b.definition),
  createdAt: b.createdAt,
  updatedAt: b.updatedAt,
});

const MAX_TRIALS = 10_000;

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
    async list(workspaceId: string): Promise<TBenchmarkSummary[]> {
      return (await benchmarks.list(workspaceId)).map((b) => ({
        id: b.id,
        key: b.definition.key,
        name: b.definition.name,
        description: b.definition.description ?? null,
        variantNames: b.definition.variants.map((v) => v.name),
        trialCount: countTrials(b.definition),
        estimatedSeconds: estimateRunSeconds(b.definition),
        updatedAt: b.updatedAt,
      }));
    },
    async get(workspaceId: string, benchmarkId: string) {
      const b = await benchmarks.get(workspaceId, benchmarkId);
      if (!b) throw new DomainError("NOT_FOUND", "Benchmark not found", "benchmarkId");
      return detail(b);
    },
    async create(workspaceId: string, def: TBenchmarkDefinition) {
      checkSize(def);
      if (await benchmarks.keyTaken(workspaceId, def.key))
        throw new DomainError("CONFLICT", "Key already in use", "key");
      return detail(await benchmarks.create(workspaceId, def));
    },
    async update(workspaceId: string, benchmarkId: string, def: TBenchmarkDefinition) {
      checkSize(def);
      if (await benchmarks.keyTaken(workspaceId, def.key, benchmarkId))
        throw new DomainError("CONFLICT", "Key already in use", "key");
      const b = await benchmarks.update(workspaceId, benchmarkId, def);
      if (!b) throw new DomainError("NOT_FOUND", "Benchmark not found", "benchmarkId");
      return detail(b);
    },
  };
}

export type BenchmarkService = ReturnType<typeof createBenchmarkService>;
