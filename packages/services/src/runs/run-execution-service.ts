import {
  isRunActive,
  DomainError,
  type TBenchmarkDefinition,
  type TClusterCaps,
  type TResolvedHeader,
} from "@meshbench/contracts";
import type {
  ClusterRepository,
  ResourceSampleRepository,
  RunExecutionRepository,
  RunRepository,
} from "@meshbench/db";
import {
  assessLoadGenerator,
  mulberry32,
  planTrials,
  probeObservationsOf,
  type TPlannedTrial,
} from "@meshbench/core";
import type { ClusterGateway } from "@meshbench/k8s";
import type { ClusterAccess } from "../clusters/cluster-access";
import type { SecretService } from "../secrets/secret-service";
import { assessedTrial } from "../results/record-trial";
import { generatorCpu, generatorResults, poolGenerators } from "./generator-results";
import { rateSeriesOfRuns } from "../results/access-log";
import { targetCpuShare, type TrialOutput } from "./trial-output";

export type { TrialOutput } from "./trial-output";

type Deps = {
  runs: RunRepository;
  clusters: ClusterRepository;
  execution: RunExecutionRepository;
  samples: ResourceSampleRepository;
  access: ClusterAccess;
  secrets: Pick<SecretService, "openRequestHeaders">;
  /** Called after every way a run ends here (change points, alert rules; never throws). */
  onFinished?: (workspaceId: string, runId: string) => Promise<unknown>;
};

/** A run the worker has claimed: what to measure, where, and which trials are already done. */
export type ClaimedRun = {
  /** The run's definition snapshot (what it was created with; later benchmark edits do not reach it). */
  definition: TBenchmarkDefinition;
  /** The registered cluster's name (the environment fingerprint starts with it). */
  clusterName: string;
  /** What the workspace may put on the cluster now (a capacity search stops at its QPS cap). */
  clusterCaps: TClusterCaps;
  gateway: ClusterGateway;
  prometheusUrl: string | null;
  /** Keys of trials that finished before (a resumed run skips them). */
  finishedKeys: Set<string>;
  /** The interleaved plan of the snapshot (empty for a capacity search, planned as it goes). */
  plan: TPlannedTrial[];
  /** What is left of it: the plan without the finished trials. */
  remaining: TPlannedTrial[];
  /**
   * A variant's request headers with their secrets opened now, for the load generator's request
   * only: the caller sends them and keeps them nowhere. Throws naming a secret that is gone.
   */
  requestHeaders(variant: string): Promise<TResolvedHeader[]>;
};

/** The snapshot's interleaved plan, and what is left of it once finished trials are skipped. */
function planOf(def: TBenchmarkDefinition, finishedKeys: ReadonlySet<string>) {
  if (def.capacity) return { plan: [], remaining: [] };
  const plan = planTrials(
    def,
    def.methodology.interleaving === "randomized-blocks"
      ? { mode: "randomized-blocks", rng: mulberry32(def.methodology.seed) }
      : { mode: "round-robin" },
  );
  return { plan, remaining: plan.filter((t) => !finishedKeys.has(t.key)) };
}

const finishedKeysOf = (trials: { key: string; status: string }[]) =>
  new Set(trials.filter((t) => t.status !== "pending" && t.status !== "running").map((t) => t.key));

/**
 * What the worker does to the database while it drives a run: claim it and open its cluster,
 * record trial progress and results (through the same reading and validity assessment as
 * uploads), store the environment, finish. Every call is scoped to the run's workspace.
 */
export function createRunExecutionService(deps: Deps) {
  const { runs, clusters, samples, access, secrets } = deps;
  const execution = {
    ...deps.execution,
    async finish(...args: Parameters<RunExecutionRepository["finish"]>) {
      await deps.execution.finish(...args);
      await deps.onFinished?.(args[0], args[1]);
    },
  };
  return {
    /**
     * queued/running → running, with its definition snapshot and an open gateway; null when
     * there is nothing to do (finished, cancelled, claimed elsewhere). The definition is the one
     * stored on the run when it was created, so a benchmark edited mid-run (or since) does not
     * change what a resumed run measures. A run whose cluster was deleted, or that has no
     * readable snapshot, fails with that reason.
     */
    async claim(workspaceId: string, runId: string): Promise<ClaimedRun | null> {
      const run = await execution.load(workspaceId, runId);
      if (!run?.clusterId) return null;
      if (!isRunActive(run.status)) return null;
      const snapshot = run.definition;
      const cluster = await clusters.get(workspaceId, run.clusterId);
      if (!snapshot || !cluster) {
        await execution.claim(workspaceId, runId);
        await execution.finish(
          workspaceId,
          runId,
          "failed",
          snapshot ? "the cluster no longer exists" : "the run has no readable definition snapshot",
        );
        return null;
      }
      // A cluster another run is using: the run stays queued, waiting (the worker wakes it).
      if (!(await execution.claim(workspaceId, runId)).claimed) return null;
      let opened;
      try {
        opened = await access.open(workspaceId, run.clusterId);
      } catch (error) {
        // Credentials today's rules refuse, keys that cannot open them, no address policy: the
        // run cannot start, and retrying will not change that.
        if (!(error instanceof DomainError)) throw error;
        await execution.finish(
          workspaceId,
          runId,
          "failed",
          `cluster not opened: ${error.message}`,
        );
        return null;
      }
      const { sealed, gateway } = opened;
      const finishedKeys = finishedKeysOf(run.trials);
      return {
        definition: snapshot.definition,
        clusterName: cluster.name,
        clusterCaps: cluster.caps,
        gateway,
        prometheusUrl: sealed.prometheusUrl,
        finishedKeys,
        ...planOf(snapshot.definition, finishedKeys),
        requestHeaders: (variant) =>
          secrets.openRequestHeaders(workspaceId, snapshot.definition, variant),
      };
    },

    /**
     * What a (resumed) run would measure, read as claim reads it without claiming: the
     * definition snapshot, its plan and the trials left. null for an unknown run or one
     * without a snapshot.
     */
    async plan(workspaceId: string, runId: string) {
      const run = await execution.load(workspaceId, runId);
      if (!run?.definition) return null;
      const definition = run.definition.definition;
      return { definition, ...planOf(definition, finishedKeysOf(run.trials)) };
    },

    isCancelled: async (workspaceId: string, runId: string) =>
      (await execution.status(workspaceId, runId)) === "cancelled",

    markRunning: (
      workspaceId: string,
      runId: string,
      trial: Omit<TrialOutput, "text" | "samples">,
    ) => execution.markTrial(workspaceId, runId, { ...trial, status: "running" }),

    markFailed: (
      workspaceId: string,
      runId: string,
      trial: Omit<TrialOutput, "text" | "samples">,
      reason: string,
    ) =>
      execution.markTrial(workspaceId, runId, {
        ...trial,
        status: "failed",
        failureReason: reason,
      }),

    /**
     * Reads the output into a validity-assessed trial and stores it with its samples; an
     * unreadable output marks the trial failed. Returns the failure reason, or null.
     */
    async recordTrial(workspaceId: string, runId: string, output: TrialOutput) {
      let trial;
      let results;
      try {
        results = generatorResults(output.text);
        trial = assessedTrial(
          output.coordinates,
          output.sequence,
          poolGenerators(results),
          output.key,
          output.path,
        );
      } catch (error) {
        const reason = `unreadable Fortio result${typeof output.text === "string" ? "" : "s"}: ${error instanceof Error ? error.message : String(error)}`;
        await execution.markTrial(workspaceId, runId, {
          ...output,
          status: "failed",
          failureReason: reason,
        });
        return reason;
      }
      if (output.accessLogs) {
        const logs = output.accessLogs;
        const read =
          logs.length === results.length
            ? rateSeriesOfRuns(results.map((result, i) => ({ result, accessLog: logs[i]! })))
            : { problem: `${logs.length} access logs for ${results.length} results` };
        if ("problem" in read) {
          const reason = `the load generators' access log ${read.problem}`;
          await execution.markTrial(workspaceId, runId, {
            ...output,
            status: "failed",
            failureReason: reason,
          });
          return reason;
        }
        trial = { ...trial, rateSeries: read.series };
      }
      trial.validityFlags.push(...(output.flags ?? []));
      const generator = assessLoadGenerator({
        outcome: { ...trial.result, requestedQps: output.coordinates.requestedQps },
        generatorCpuMillicores: generatorCpu(trial.result, output.samples, output.generatorPods),
        ceiling: output.loadGeneratorCeiling ?? null,
        targetCpuShare: targetCpuShare(output),
      });
      if (generator) trial.validityFlags.push(generator);
      await runs.recordCompletedTrial(workspaceId, runId, trial);
      await samples.addMany(workspaceId, runId, output.samples);
      return null;
    },

    refreshProgress: (workspaceId: string, runId: string) =>
      runs.refreshProgress(workspaceId, runId),

    /**
     * What a capacity search has seen so far, rebuilt from the stored trials (so a resumed run
     * carries on where it stopped): the observations and how many trial rows the run holds.
     */
    async capacityProgress(workspaceId: string, runId: string) {
      const trials = (await runs.get(workspaceId, runId))?.trials ?? [];
      return {
        observations: probeObservationsOf(trials),
        storedTrials: trials.length,
        /** Every stored trial's coordinates, for the environment's load lines. */
        trials: trials.map((t) => ({
          sequence: t.sequence,
          coordinates: {
            variant: t.variant,
            requestedQps: t.requestedQps,
            connections: t.connections,
            payloadBytes: t.payloadBytes,
            protocol: t.protocol,
            keepAlive: t.keepAlive,
            repetition: t.repetition,
          },
        })),
      };
    },

    setTrialsTotal: (workspaceId: string, runId: string, trialsTotal: number) =>
      execution.setTrialsTotal(workspaceId, runId, trialsTotal),

    setEnvironment: (workspaceId: string, runId: string, environment: Record<string, unknown>) =>
      execution.setEnvironment(workspaceId, runId, environment),

    /** Failed with a reason, e.g. the failure policy stopped it or the cluster broke down. */
    fail: (workspaceId: string, runId: string, reason: string) =>
      execution.finish(workspaceId, runId, "failed", reason),

    /** Succeeded when any trial succeeded; the failed trials are counted in the message. */
    async complete(workspaceId: string, runId: string) {
      const detail = await runs.get(workspaceId, runId, { histograms: false });
      const anySucceeded = detail?.trials.some((t) => t.status === "succeeded") ?? false;
      const failures = detail?.trials.filter((t) => t.status === "failed").length ?? 0;
      await execution.finish(
        workspaceId,
        runId,
        anySucceeded ? "succeeded" : "failed",
        failures ? `${failures} trial(s) failed` : null,
      );
    },

    /** Run ids → status, across workspaces: the orphan sweeper's question. */
    statuses: (runIds: string[]) => execution.statuses(runIds),
  };
}

export type RunExecutionService = ReturnType<typeof createRunExecutionService>;
