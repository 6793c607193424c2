import { msToSeconds, type TBenchmarkDefinition, type TMeshDetection } from "@meshbench/contracts";
import {
  capacityCeilingFor,
  capacityEnvironmentSection,
  capacitySearchConfigOf,
  CAPACITY_ENVIRONMENT_SECTION,
  type TPlannedTrial,
} from "@meshbench/core";
import type { ClusterGateway } from "@meshbench/k8s";
import type { ClaimedRun } from "@meshbench/services";
import { autoGeneratorsFirst } from "./auto-generators";
import { capacityTrials, capacityVariantsToRun } from "./capacity-trials";
import { describeEnvironment } from "./environment";
import { createIdleWaiter, type IdleWaitDeps, type IdleWaiter } from "./idle-wait";
import { prepareVariants, type PreparingVariants } from "./prepare-variants";
import { runTrial, type TrialDeps } from "./run-trial";

export type ExecutorDeps = Omit<TrialDeps, "now"> &
  Omit<IdleWaitDeps, "now" | "log"> & { now?: () => number };

/** Thrown when the worker itself is stopping: the run stays "running" for another worker to resume. */
export class WorkerStopping extends Error {}

type Job = { runId: string; workspaceId: string };
type Run = {
  ws: string;
  runId: string;
  claimed: ClaimedRun;
  shouldStop: () => Promise<boolean>;
  generators: Map<string, number>; // "auto": the count chosen per variant
};

/**
 * Drives one run from the database state: prepares every variant at once (namespace with the
 * mesh's labels, target, mesh check; `prepareVariants`), then runs the planned trials in
 * interleaved order — the first as soon as its variant is ready — skipping the ones already
 * finished (resume after a crash) — or, for a capacity search, the probes core asks for round by
 * round. Before each trial but the first it waits for the targets to be idle (methodology.idleGate).
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
    generators: new Map(),
  };
  let cleanupAtEnd = true;
  let preparing: PreparingVariants | null = null;
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
    preparing = prepareVariants({
      runId,
      definition: def,
      gateway: claimed.gateway,
      meshes,
      needed,
      shouldStop: run.shouldStop,
      requestHeaders: (variant) => claimed.requestHeaders(variant),
    });
    // "auto" load generators: every variant probed before any trial (no early start then).
    const { ready, auto } = await autoGeneratorsFirst(run, preparing, deps.log);
    // Written once every variant is prepared (their checks, notes), while trials may already run.
    const recorded = ready.all().then(async (variants) => {
      const load = await describeEnvironment(
        claimed.gateway,
        runId,
        def,
        plan,
        variants,
        meshes,
        claimed.clusterName,
      );
      const described = { ...load, loadGenerator: { ...load.loadGenerator, ...auto } };
      const environment = capacity
        ? { ...described, [CAPACITY_ENVIRONMENT_SECTION]: capacityEnvironmentSection(capacity) }
        : described;
      await deps.execution.setEnvironment(ws, runId, environment);
      return environment;
    });
    recorded.catch(() => undefined); // awaited below; a failure fails the run there
    const stats = await runTrials(
      trialDeps,
      run,
      capacityCtx ? capacityTrials(capacityCtx) : remaining,
      capacityCtx !== null,
      ready,
      meshes,
      claimedAt,
      deps,
    );
    const environment = await recorded;
    if (signal.aborted && !(await cancelled())) {
      cleanupAtEnd = false;
      throw new WorkerStopping("worker stopping; run will resume");
    }
    const apiCalls = claimed.gateway.apiCalls();
    // From when every variant was prepared (an earlier trial shares the counter: left out).
    const trialCalls = apiCalls - stats.apiCallsAtPrepared - stats.samplingCallsAfterPrepared;
    const perTrial = stats.trialsAfterPrepared ? trialCalls / stats.trialsAfterPrepared : null;
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
    // A variant still being prepared finishes first, so cleanup removes everything it created.
    await preparing?.done();
    if (cleanupAtEnd) await cleanup(deps, claimed.gateway, runId);
  }
}

async function runTrials(
  deps: TrialDeps,
  run: Run,
  trials: Iterable<TPlannedTrial> | AsyncIterable<TPlannedTrial>,
  /** A capacity search: the next probes depend on the stored results. */
  adaptive: boolean,
  preparing: PreparingVariants,
  meshes: TMeshDetection,
  claimedAt: number,
  waitDeps: Omit<IdleWaitDeps, "log" | "now">,
) {
  const { ws, runId } = run;
  const gateway = run.claimed.gateway;
  const def: TBenchmarkDefinition = run.claimed.definition;
  const stats = {
    firstTrialMs: null as number | null,
    trialsRun: 0,
    samplingCalls: 0,
    /** From when every variant was prepared: API calls then, trials and sampling calls since. */
    apiCallsAtPrepared: 0,
    trialsAfterPrepared: 0,
    samplingCallsAfterPrepared: 0,
    stoppedByPolicy: false,
    idle: { waits: 0, waitedMs: 0, gaveUp: 0 },
    attribution: { counters: 0, samples: 0 },
  };
  const onSamplingCalls = (n: number) => {
    stats.samplingCalls += n;
    if (prepared) stats.samplingCallsAfterPrepared += n;
  };
  // The idle gate reads every variant's targets, so it starts once all are prepared, and only
  // after the first trial: that one has no earlier load to wait out, and measuring the idle
  // baseline first (two reads a second apart) would delay the first load by that much. The
  // baseline is then read between two trials, a second after the load stopped.
  let idle: IdleWaiter | null = null;
  let prepared = false;
  const idleGate = async () => {
    const variants = await preparing.all();
    stats.apiCallsAtPrepared = gateway.apiCalls();
    prepared = true;
    const healthy = [...variants.values()].filter((v) => !v.problem);
    const waiter = await createIdleWaiter(
      { ...waitDeps, log: deps.log, now: deps.now },
      {
        runId,
        gateway,
        meshes,
        namespaces: healthy.map((v) => v.namespace),
        alsoSample: healthy.flatMap((v) => v.alsoSample ?? []),
        onSamplingCalls,
      },
      def.methodology.idleGate,
    );
    stats.idle = waiter.stats;
    return waiter;
  };
  // The previous trial's result is read and stored while this one waits for idle and warms up
  // (not under a stop-on-failure policy, which needs each outcome before the next trial, nor in
  // a capacity search, whose next probes are chosen from the stored results).
  const defer = !adaptive && def.methodology.failurePolicy !== "stop";
  let recording: Promise<void> | null = null;
  const recorded = async () => {
    const pending = recording;
    recording = null;
    await pending;
  };
  const counted = async <T>(outcome: T) => {
    stats.trialsRun += 1;
    if (prepared) stats.trialsAfterPrepared += 1;
    await deps.execution.refreshProgress(ws, runId);
    return outcome;
  };
  try {
    for await (const trial of trials) {
      if (await run.shouldStop()) break;
      const preparation = preparing.get(trial.coordinates.variant);
      if (!preparation) continue;
      const variant = await preparation;
      if (!idle && stats.firstTrialMs !== null && preparing.settled()) idle = await idleGate();
      const idleFlag = variant.problem || !idle ? null : await idle.beforeTrial();
      const outcome = await runTrial(deps, {
        ws,
        runId,
        def,
        openHeaders: () => run.claimed.requestHeaders(trial.coordinates.variant),
        gateway,
        meshes,
        trial,
        variant,
        generators: run.generators.get(trial.coordinates.variant),
        shouldStop: run.shouldStop,
        onStarted: () => {
          stats.firstTrialMs ??= deps.now() - claimedAt;
        },
        onSamplingCalls,
        flags: idleFlag ? [idleFlag] : [],
        onAttribution: (how) => {
          stats.attribution[how] += 1;
        },
        beforeMeasured: recorded,
        deferRecording: defer,
      });
      if (typeof outcome === "object") {
        await recorded(); // at most one result in flight
        recording = outcome.recording.then(counted).then(() => undefined);
        recording.catch(() => undefined); // awaited before the next measured load or below
        continue;
      }
      await counted(outcome);
      if (outcome === "stopped") break;
      if (outcome === "failed" && def.methodology.failurePolicy === "stop") {
        await deps.execution.fail(ws, runId, "a trial failed and the failure policy is stop");
        stats.stoppedByPolicy = true;
        break;
      }
    }
  } finally {
    // Thrown out of the loop: the result in flight is stored (or fails) before cleanup.
    await Promise.resolve(recording).catch(() => undefined);
  }
  await recorded();
  return stats;
}

async function cleanup(deps: ExecutorDeps, gateway: ClusterGateway, runId: string) {
  const removed = await gateway.cleanup(runId).catch((e: unknown) => {
    deps.log(`run ${runId}: cleanup failed (the sweeper retries): ${String(e)}`);
    return [];
  });
  if (removed.length) deps.log(`run ${runId}: removed namespaces ${removed.join(", ")}`);
}
