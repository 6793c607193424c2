import {
  DomainError,
  ZBenchmarkDefinition,
  ZCreateFromTemplateInput,
  type TBenchmarkDefinition,
  type TCreateFromTemplateInput,
  type TBenchmarkDetail,
  type TBenchmarkSummary,
  type TEstimate,
  type TEstimateInput,
} from "@meshbench/contracts";
import { countTrials, estimateRunSeconds } from "@meshbench/core";
import type { BenchmarkRepository, StoredBenchmark } from "@meshbench/db";
import { definitionProblems } from "@meshbench/k8s";
import type { SecretService } from "../secrets/secret-service";
import type { TemplateService } from "../templates/template-service";

const detail = (b: StoredBenchmark): TBenchmarkDetail => ({
  id: b.id,
  definition: b.definition,
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

type Deps = {
  benchmarks: BenchmarkRepository;
  templates: TemplateService;
  /** Every secret a header names must exist in the workspace when the benchmark is saved. */
  secrets: Pick<SecretService, "checkDefinition">;
};

/** A saved definition by key (CI-only benchmarks have none: NOT_FOUND, as for unknown keys). */
async function byKey(benchmarks: BenchmarkRepository, workspaceId: string, key: string) {
  const b = await benchmarks.getByKey(workspaceId, key);
  if (!b) throw new DomainError("NOT_FOUND", "Benchmark not found", "benchmarkKey");
  return b;
}

export function createBenchmarkService({ benchmarks, templates, secrets }: Deps) {
  const service = {
    /** Every benchmark, CI-only ones included, with its last run: one call, bounded queries. */
    async list(workspaceId: string): Promise<TBenchmarkSummary[]> {
      return (await benchmarks.list(workspaceId)).map((b): TBenchmarkSummary => {
        const base = {
          id: b.id,
          key: b.key,
          name: b.name,
          description: b.description,
          lastRun: b.lastRun,
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
    async get(workspaceId: string, benchmarkKey: string) {
      return detail(await byKey(benchmarks, workspaceId, benchmarkKey));
    },
    async create(workspaceId: string, def: TBenchmarkDefinition) {
      checkSize(def);
      checkDefinition(def);
      await secrets.checkDefinition(workspaceId, def);
      if (await benchmarks.keyTaken(workspaceId, def.key))
        throw new DomainError("CONFLICT", "Key already in use", "key");
      return detail(await benchmarks.create(workspaceId, def));
    },
    /** Replaces the definition of the benchmark saved under `benchmarkKey` (which may rename it). */
    async update(workspaceId: string, benchmarkKey: string, def: TBenchmarkDefinition) {
      checkSize(def);
      checkDefinition(def);
      await secrets.checkDefinition(workspaceId, def);
      const { id } = await byKey(benchmarks, workspaceId, benchmarkKey);
      if (await benchmarks.keyTaken(workspaceId, def.key, id))
        throw new DomainError("CONFLICT", "Key already in use", "key");
      const b = await benchmarks.update(workspaceId, id, def);
      if (!b) throw new DomainError("NOT_FOUND", "Benchmark not found", "benchmarkKey");
      return detail(b);
    },
    /**
     * A template's benchmark for a mesh choice, saved in one call (what the picker's "save" does
     * in two): the template's definition under the caller's key, name and description.
     */
    async createFromTemplate(workspaceId: string, input: TCreateFromTemplateInput) {
      const { template, overrides } = ZCreateFromTemplateInput.parse(input);
      const { definition } = templates.get(template);
      const named = Object.fromEntries(
        Object.entries(overrides).filter(([, value]) => value !== undefined),
      );
      return service.create(workspaceId, ZBenchmarkDefinition.parse({ ...definition, ...named }));
    },
  };
  return service;
}

export type BenchmarkService = ReturnType<typeof createBenchmarkService>;
