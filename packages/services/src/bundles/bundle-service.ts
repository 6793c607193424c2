import {
  DomainError,
  type TBenchmarkDefinition,
  type TExportFile,
  type TRerunInput,
  type TRerunPlan,
  type TRunBundle,
  type ZImportBundleInput,
} from "@meshbench/contracts";
import type {
  BenchmarkRepository,
  ClusterRepository,
  ImportRepository,
  ResourceSampleRepository,
  RunRepository,
  VerdictRepository,
} from "@meshbench/db";
import { secretNamesOf } from "@meshbench/core";
import type { z } from "zod";
import type { BenchmarkService } from "../benchmarks/benchmark-service";
import type { NoiseLookup } from "../reports/report-service";
import type { RunSchedulingService } from "../runs/run-scheduling-service";
import type { SecretService } from "../secrets/secret-service";
import { buildBundle } from "./build-bundle";
import { importedRun } from "./import-bundle";
import { freeRerunKey, rerunDifferences } from "./rerun";

type Deps = {
  runs: RunRepository;
  samples: ResourceSampleRepository;
  verdicts: VerdictRepository;
  imports: ImportRepository;
  clusters: ClusterRepository;
  benchmarkRecords: BenchmarkRepository;
  benchmarks: BenchmarkService;
  scheduling: RunSchedulingService;
  noise?: NoiseLookup;
  /** Which header secrets the workspace has (names only): imports and reruns list the missing. */
  secrets: Pick<SecretService, "list">;
  now?: () => Date;
};

/** The rerun's notes, plus one per secret the workspace must create before the run can start. */
function withMissing<T extends { notes: string[] }>(diff: T, missing: string[]): T {
  const notes = missing.map(
    (name) => `The workspace has no secret named ${name}: create it in Settings → Secrets first`,
  );
  return { ...diff, notes: [...diff.notes, ...notes] };
}

/**
 * Reproducibility bundles: one finished run as one versioned JSON file (export), the same file
 * as a read-only run of another workspace (import), and "run this again on cluster X" (a new
 * benchmark from the run's snapshot, started after the fingerprint differences are known).
 */
export function createBundleService(deps: Deps) {
  const now = deps.now ?? (() => new Date());

  async function loadRun(workspaceId: string, runId: string) {
    const run = await deps.runs.get(workspaceId, runId);
    if (!run) throw new DomainError("NOT_FOUND", "Run not found", "runId");
    return run;
  }

  async function build(workspaceId: string, runId: string): Promise<TRunBundle> {
    const run = await loadRun(workspaceId, runId);
    const calibration = run.importedFrom
      ? run.importedFrom.noiseCalibration
      : ((await deps.noise?.calibrationForRun(workspaceId, runId)) ?? null);
    return buildBundle({
      run,
      samples: await deps.samples.listTrialSamples(workspaceId, runId),
      noiseCalibration: calibration,
      verdicts: await deps.verdicts.listForRun(workspaceId, runId),
      exportedAt: now(),
    });
  }

  /** The secrets a definition names that the workspace does not have, sorted. */
  async function missingSecrets(workspaceId: string, def: TBenchmarkDefinition) {
    const have = new Set((await deps.secrets.list(workspaceId)).map((s) => s.name));
    return secretNamesOf(def).filter((name) => !have.has(name));
  }

  async function plan(
    workspaceId: string,
    input: { runId: string; clusterId: string },
  ): Promise<TRerunPlan & { definition: TBenchmarkDefinition }> {
    const run = await loadRun(workspaceId, input.runId);
    if (!run.definition || !run.definitionSource)
      throw new DomainError(
        "BAD_REQUEST",
        "The run has no definition snapshot (an upload without a benchmark definition)",
        "runId",
      );
    const cluster = await deps.clusters.get(workspaceId, input.clusterId);
    if (!cluster) throw new DomainError("NOT_FOUND", "Cluster not found", "clusterId");
    const def = run.definition.definition;
    return {
      runId: run.id,
      clusterId: cluster.id,
      clusterName: cluster.name,
      benchmarkKey: await freeRerunKey(def.key, (key) =>
        deps.benchmarkRecords.keyTaken(workspaceId, key),
      ),
      ...withMissing(rerunDifferences(run, cluster, def), await missingSecrets(workspaceId, def)),
      definition: def,
    };
  }

  return {
    /** The run's bundle as an object (REST and the CLI serve it as JSON). */
    build,
    /** The run's bundle as a download: `<run id>.meshbench-bundle.json`. */
    async export(workspaceId: string, runId: string): Promise<TExportFile> {
      const bundle = await build(workspaceId, runId);
      return {
        filename: `${bundle.run.benchmarkKey ?? "run"}-${runId}.meshbench-bundle.json`,
        contentType: "application/json",
        body: `${JSON.stringify(bundle, null, 2)}\n`,
      };
    },
    /** A bundle (parsed at the edge) as a read-only run of this workspace; all or nothing. */
    async import(workspaceId: string, input: z.output<typeof ZImportBundleInput>) {
      const imported = importedRun(input);
      const runId = await deps.imports.createImportedRun(workspaceId, imported);
      const def = imported.definition?.snapshot.definition;
      return { runId, missingSecrets: def ? await missingSecrets(workspaceId, def) : [] };
    },
    /** What would differ on the cluster (listed before anything starts), and the new key. */
    async rerunPlan(workspaceId: string, input: { runId: string; clusterId: string }) {
      const { definition: _definition, ...rerun } = await plan(workspaceId, input);
      return rerun;
    },
    /**
     * "Run this again on cluster X": a new benchmark from the run's snapshot (through the
     * benchmark service's checks, so today's cluster policy applies), started on the cluster.
     */
    async rerun(workspaceId: string, input: TRerunInput) {
      const p = await plan(workspaceId, input);
      const target = await deps.clusters.get(workspaceId, p.clusterId);
      // Refused before the benchmark is written, so a refusal leaves nothing behind.
      if (target?.status !== "ready")
        throw new DomainError(
          "PRECONDITION_FAILED",
          `The cluster ${p.clusterName} is ${target?.status ?? "gone"}: validate it first`,
          "clusterId",
        );
      const key = input.benchmarkKey ?? p.benchmarkKey;
      const def = p.definition;
      const created = await deps.benchmarks.create(workspaceId, { ...def, key });
      const bench = await deps.benchmarkRecords.get(workspaceId, created.id);
      const cluster = await deps.clusters.get(workspaceId, p.clusterId);
      if (!bench || !cluster)
        throw new DomainError("CONFLICT", "The benchmark or cluster changed meanwhile");
      const started = await deps.scheduling.startOn(workspaceId, bench, cluster, {
        title: input.title ?? `${def.name} again on ${cluster.name}`,
        git: {},
        labels: { rerunOf: p.runId },
      });
      return {
        benchmarkId: created.id,
        benchmarkKey: key,
        runId: started.runId,
        differences: p.differences,
      };
    },
  };
}

export type BundleService = ReturnType<typeof createBundleService>;
