import {
  DomainError,
  type TClusterNoiseBand,
  type ZCalibrateClusterInput,
} from "@meshbench/contracts";
import type { ClusterCalibration, NoiseCalibration } from "@meshbench/core";
import type {
  BenchmarkRepository,
  ClusterRepository,
  NoiseCalibrationRepository,
  RunRepository,
  StoredNoiseCalibration,
} from "@meshbench/db";
import type { z } from "zod";
import type { RunSchedulingService } from "../runs/run-scheduling-service";
import { aaDefinition } from "./aa-definition";
import { computeCalibration } from "./compute-calibration";

type Deps = {
  calibrations: NoiseCalibrationRepository;
  runs: RunRepository;
  benchmarks: BenchmarkRepository;
  clusters: ClusterRepository;
  scheduling: RunSchedulingService;
};

/**
 * The noise floor per cluster. "Calibrate" schedules an A/A run through the ordinary run
 * scheduling and marks it; its bands are computed on the first read after the run ended (so no
 * worker hook is needed and a worker crash cannot lose them), then stored.
 */
export function createNoiseService(deps: Deps) {
  const { calibrations, runs } = deps;

  async function computeOne(workspaceId: string, stored: StoredNoiseCalibration) {
    const run = await runs.get(workspaceId, stored.runId);
    const outcome = run
      ? computeCalibration(run)
      : { calibration: null, levelsCalibrated: 0, error: "the A/A run no longer exists" };
    await calibrations.saveBands(stored.id, {
      bands: outcome.calibration,
      levelsCalibrated: outcome.levelsCalibrated,
      error: outcome.error,
    });
  }

  /** Computes the bands of every ended, not yet computed A/A run of the cluster. */
  async function refresh(workspaceId: string, clusterId: string) {
    for (const stored of await calibrations.uncomputed(workspaceId, clusterId))
      await computeOne(workspaceId, stored);
  }

  async function requireCluster(workspaceId: string, clusterId: string) {
    const cluster = await deps.clusters.get(workspaceId, clusterId);
    if (!cluster) throw new DomainError("NOT_FOUND", "Cluster not found", "clusterId");
    return cluster;
  }

  return {
    /**
     * One click: an A/A run (two identical baselines, ≥ 3 repetitions) queued on the cluster.
     * `input` is typed (the transport parsed it); the A/A definition built here is queued as is.
     */
    async calibrate(workspaceId: string, input: z.output<typeof ZCalibrateClusterInput>) {
      const cluster = await requireCluster(workspaceId, input.clusterId);
      // Checked here too, before the A/A benchmark is written, so a refusal leaves nothing behind.
      if (cluster.status !== "ready")
        throw new DomainError(
          "PRECONDITION_FAILED",
          `The cluster ${cluster.name} is ${cluster.status}: validate it before calibrating`,
          "clusterId",
        );
      const source = input.benchmarkId
        ? await deps.benchmarks.get(workspaceId, input.benchmarkId)
        : null;
      if (input.benchmarkId && !source)
        throw new DomainError("NOT_FOUND", "Benchmark not found", "benchmarkId");
      const def = aaDefinition(
        cluster.id,
        cluster.name,
        source?.definition ?? null,
        input.repetitions,
      );
      const existing = await deps.benchmarks.getByKey(workspaceId, def.key);
      const bench = existing
        ? await deps.benchmarks.update(workspaceId, existing.id, def)
        : await deps.benchmarks.create(workspaceId, def);
      if (!bench) throw new DomainError("CONFLICT", "The A/A benchmark changed meanwhile");
      const started = await deps.scheduling.startOn(workspaceId, bench, cluster, {
        title: def.name,
        git: {},
        labels: {},
      });
      await calibrations.create(workspaceId, { clusterId: cluster.id, runId: started.runId });
      return { ...started, benchmarkKey: def.key };
    },

    /**
     * Marks an existing run (two identical baselines) as the cluster's A/A calibration and, when
     * it has ended, computes its bands now: for runs measured elsewhere (tests, real nodes).
     */
    async recordCalibration(workspaceId: string, clusterId: string, runId: string) {
      await requireCluster(workspaceId, clusterId);
      if (!(await runs.get(workspaceId, runId, { histograms: false })))
        throw new DomainError("NOT_FOUND", "Run not found", "runId");
      await calibrations.create(workspaceId, { clusterId, runId });
      await refresh(workspaceId, clusterId);
      return this.noiseBand(workspaceId, clusterId);
    },

    /** The cluster's latest calibration: its state and, when ready, its bands per level. */
    async noiseBand(workspaceId: string, clusterId: string): Promise<TClusterNoiseBand> {
      await requireCluster(workspaceId, clusterId);
      await refresh(workspaceId, clusterId);
      const latest = await calibrations.latest(workspaceId, clusterId);
      if (!latest)
        return { clusterId, status: "none", runId: null, createdAt: null, error: null, levels: [] };
      const status =
        latest.computedAt === null ? "pending" : latest.levelsCalibrated > 0 ? "ready" : "failed";
      const cal = latest.bands as NoiseCalibration | null;
      return {
        clusterId,
        status,
        runId: latest.runId,
        createdAt: latest.createdAt,
        error: latest.error,
        levels: (cal?.levels ?? []).map((l) => ({
          levelKey: l.levelKey,
          requestedQps: l.level.requestedQps,
          connections: l.level.connections,
          repetitions: l.repetitions,
          bands: l.bands,
        })),
      };
    },

    /**
     * The calibration a run's deltas are read against: the newest ready one of the run's cluster,
     * never the run's own (an A/A run judged by itself says nothing).
     */
    async calibrationForRun(
      workspaceId: string,
      runId: string,
    ): Promise<ClusterCalibration | null> {
      return this.calibrationForRuns(workspaceId, [runId]);
    },

    /**
     * The same for a comparison of runs: only when every run was measured on one cluster (a
     * band says nothing about another cluster's noise), and never from one of the runs compared.
     */
    async calibrationForRuns(
      workspaceId: string,
      runIds: string[],
    ): Promise<ClusterCalibration | null> {
      const clusters = new Set<string | null>();
      for (const id of new Set(runIds))
        clusters.add(await calibrations.clusterOfRun(workspaceId, id));
      const [clusterId] = clusters;
      if (clusters.size !== 1 || !clusterId) return null;
      await refresh(workspaceId, clusterId);
      const ready = await calibrations.latest(workspaceId, clusterId, { ready: true });
      if (!ready || runIds.includes(ready.runId)) return null;
      return { runId: ready.runId, calibration: ready.bands as NoiseCalibration };
    },
  };
}

export type NoiseService = ReturnType<typeof createNoiseService>;
