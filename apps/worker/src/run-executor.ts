import { msToSeconds, type TBenchmarkDefinition, type TMeshDetection } from "@meshbench/contracts";
import {
  capacityCeilingFor,
  capacityEnvironmentSection,
  capacitySearchConfigOf,
  CAPACITY_ENVIRONMENT_SECTION,
  type TPlannedTrial,
} from "@meshbench/core";
import type { ClusterGateway, PreparedVariant } from "@meshbench/k8s";
import type { ClaimedRun } from "@meshbench/services";
import { capacityTrials, capacityVariantsToRun } from "./capacity-trials";
import { describeEnvironment } from "./environment";
import { createIdleWaiter, type IdleWaitDeps } from "./idle-wait";
import { runTrial, type TrialDeps } from "./run-trial";

export type ExecutorDeps = Omit<TrialDeps, "now"> &
  Omit<IdleWaitDeps, "now" | "log"> & { now?: () => number };

/** Thrown when the worker itself is stopping: the run stays "running" for another worker to resume. */
export class WorkerStopping extends Error {}

type Job = { runId: string; workspaceId: string };
type Run = { ws: string; runId: string; claimed: ClaimedRun; shouldStop: () => Promise<boolean> };

/**
 * Drives one run from the database state: prepares each variant (namespace with the mesh's
 * labels, target, mesh check), then runs the planned trials in interleaved order, skipping the
 * ones already finished (resume after a crash) — or, for a capacity search, the probes core asks
 * for round by round. Before each trial it waits for the targets to be idle (methodology.idleGate).
 * Everything created is removed at the end.
 */
export async function executeRun(deps: ExecutorDeps, job: Job, signal: AbortSignal) {
  const trialDeps: TrialDeps = { ...deps, now: deps.now ?? Date.now };
  const { runId, workspaceId: ws } = job;
  const claimedAt = trialDeps.now();
  const claimed = await deps.execution.claim(ws, runId);
  if (!claimed) return;
  const cancelled = () => deps.execution.isCancelled(ws, runId);
  const run: Run = {
    ws,
    runId,
    claimed,
    shouldStop: async () => signal.aborted || (await cancelled()),
  };
  let cleanupAtEnd = true;
  try {
    const def = claimed.definition;
    const capacity = def.capacity
      ? capacitySearchConfigOf(def, def.capacity, capacityCeilingFor(claimed.clusterCaps))
      : null;
    const capacityCtx = capacity && {
      ws,
      runId,
      def,
      config: capacity,
      execution: deps.execution,
      log: deps.log,
    };
    const { plan, remaining } = claimed;
    const needed = capacityCtx
      ? await capacityVariantsToRun(capacityCtx)
      : new Set(remaining.map((t) => t.coordinates.variant));
    const meshes = await claimed.gateway.detectMeshes({ prometheusUrl: claimed.prometheusUrl });
    const variants = await prepareVariants(run, needed, meshes);
    const described = await describeEnvironment(
      claimed.gateway,
      runId,
      def,
      plan,
      variants,
      meshes,
      claimed.clusterName,
    );
    const environment = capacity
      ? { ...described, [CAPACITY_ENVIRONMENT_SECTION]: capacityEnvironmentSection(capacity) }
      : described;
    await deps.execution.setEnvironment(ws, runId, environment);
    const apiCallsAtStart = claimed.gateway.apiCalls();
    const stats = await runTrials(
      trialDeps,
      run,
      capacityCtx ? capacityTrials(capacityCtx) : remaining,
      variants,
      meshes,
      claimedAt,
      deps,
    );
    if (signal.aborted && !(await cancelled())) {
      cleanupAtEnd = false;
      throw new WorkerStopping("worker stopping; run will resume");
    }
    const apiCalls = claimed.gateway.apiCalls();
    const trialCalls = apiCalls - apiCallsAtStart - stats.samplingCalls;
    const perTrial = stats.trialsRun ? trialCalls / stats.trialsRun : null;
    // Every probe of the search, this worker's and a previous one's, in the load lines.
    const probed = capacity ? await deps.execution.capacityProgress(ws, runId) : null;
    if (probed) await deps.execution.setTrialsTotal(ws, runId, probed.storedTrials);
    await deps.execution.setEnvironment(ws, runId, {
      ...environment,
      loadGenerator: probed
        ? {
            ...environment.loadGenerator,
            ...claimed.gateway.describeLoad(runId, def, probed.trials),
          }
        : environment.loadGenerator,
      scheduler: {
        "trials run by this worker": String(stats.trialsRun),
        "first trial started after": `${stats.firstTrialMs ?? "-"} ms`,
        "API calls per trial (sampling apart)": perTrial === null ? "-" : perTrial.toFixed(1),
        "API calls per trial for usage sampling": stats.trialsRun
          ? (stats.samplingCalls / stats.trialsRun).toFixed(1)
          : "-",
        "API calls in all": String(apiCalls),
        "resource attribution": `${stats.attribution.counters} trial(s) by the kubelets' cumulative CPU counters at the trial's start and end; ${stats.attribution.samples} by point samples while it ran (${claimed.prometheusUrl ? "Prometheus" : "metrics.k8s.io or kubelet rates"})`,
        "idle gate": stats.idle.waits
          ? `${stats.idle.waits} waits, ${msToSeconds(stats.idle.waitedMs).toFixed(1)} s in all, ${stats.idle.gaveUp} gave up after 30 s`
          : "off (disabled, or no usage source)",
      },
    });
    deps.log(
      `run ${runId}: ${stats.trialsRun} trials, first trial after ${stats.firstTrialMs} ms, ${perTrial?.toFixed(1)} API calls/trial (+${stats.samplingCalls} for sampling)`,
    );
    if (!stats.stoppedByPolicy) await deps.execution.complete(ws, runId);
  } catch (error) {
    if (error instanceof WorkerStopping) throw error;
    // Stopping while a variant is prepared: hand the run back rather than fail it.
    if (signal.aborted && !(await cancelled())) {
      cleanupAtEnd = false;
      throw new WorkerStopping("worker stopping; run will resume");
    }
    const message = claimed.gateway.describeError(error).split("\n")[0]!.slice(0, 500);
    deps.log(`run ${runId} failed: ${message}`);
    await deps.execution.fail(ws, runId, message);
  } finally {
    if (cleanupAtEnd) await cleanup(deps, claimed.gateway, runId);
  }
}

async function prepareVariants(run: Run, needed: Set<string>, meshes: TMeshDetection) {
  const { definition, gateway } = run.claimed;
  const variants = new Map<string, PreparedVariant>();
  for (const variant of definition.variants) {
    if (!needed.has(variant.name)) continue;
    if (await run.shouldStop()) break;
    let requestHeaders;
    try {
      // Opened for the reachability check's request only (a token a policy requires).
      requestHeaders = await run.claimed.requestHeaders(variant.name);
    } catch (error) {
      const { namespace } = gateway.describeVariant(run.runId, variant, definition);
      const reason = error instanceof Error ? error.message : String(error);
      variants.set(variant.name, { namespace, problem: `request headers: ${reason}` });
      continue;
    }
    const prepared = await gateway.prepareVariant({
      runId: run.runId,
      definition,
      variant,
      meshes,
      shouldStop: run.shouldStop,
      requestHeaders,
    });
    variants.set(variant.name, prepared);
  }
  return variants;
}

async function runTrials(
  deps: TrialDeps,
  run: Run,
  trials: Iterable<TPlannedTrial> | AsyncIterable<TPlannedTrial>,
  variants: Map<string, PreparedVariant>,
  meshes: TMeshDetection,
  claimedAt: number,
  waitDeps: Omit<IdleWaitDeps, "log" | "now">,
) {
  const { ws, runId } = run;
  const def: TBenchmarkDefinition = run.claimed.definition;
  const stats = {
    firstTrialMs: null as number | null,
    trialsRun: 0,
    samplingCalls: 0,
    stoppedByPolicy: false,
    idle: { waits: 0, waitedMs: 0, gaveUp: 0 },
    attribution: { counters: 0, samples: 0 },
  };
  const onSamplingCalls = (n: number) => {
    stats.samplingCalls += n;
  };
  const healthy = [...variants.values()].filter((v) => !v.problem);
  const idle = await createIdleWaiter(
    { ...waitDeps, log: deps.log, now: deps.now },
    {
      runId,
      gateway: run.claimed.gateway,
      meshes,
      namespaces: healthy.map((v) => v.namespace),
      alsoSample: healthy.flatMap((v) => v.alsoSample ?? []),
      onSamplingCalls,
    },
    def.methodology.idleGate,
  );
  stats.idle = idle.stats;
  for await (const trial of trials) {
    if (await run.shouldStop()) break;
    const variant = variants.get(trial.coordinates.variant);
    if (!variant) continue;
    const idleFlag = variant.problem ? null : await idle.beforeTrial();
    const outcome = await runTrial(deps, {
      ws,
      runId,
      def,
      openHeaders: () => run.claimed.requestHeaders(trial.coordinates.variant),
      gateway: run.claimed.gateway,
      meshes,
      trial,
      variant,
      shouldStop: run.shouldStop,
      onStarted: () => {
        stats.firstTrialMs ??= deps.now() - claimedAt;
      },
      onSamplingCalls,
      flags: idleFlag ? [idleFlag] : [],
      onAttribution: (how) => {
        stats.attribution[how] += 1;
      },
    });
    stats.trialsRun += 1;
    await deps.execution.refreshProgress(ws, runId);
    if (outcome === "stopped") break;
    if (outcome === "failed" && def.methodology.failurePolicy === "stop") {
      await deps.execution.fail(ws, runId, "a trial failed and the failure policy is stop");
      stats.stoppedByPolicy = true;
      break;
    }
  }
  return stats;
}

async function cleanup(deps: ExecutorDeps, gateway: ClusterGateway, runId: string) {
  const removed = await gateway.cleanup(runId).catch((e: unknown) => {
    deps.log(`run ${runId}: cleanup failed (the sweeper retries): ${String(e)}`);
    return [];
  });
  if (removed.length) deps.log(`run ${runId}: removed namespaces ${removed.join(", ")}`);
}
