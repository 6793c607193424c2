import {
  secondsToMs,
  type TBenchmarkDefinition,
  type TMeshDetection,
  type TResolvedHeader,
  type TValidityFlag,
} from "@meshbench/contracts";
import { loadGeneratorCeiling, trialTimeoutSeconds, type TPlannedTrial } from "@meshbench/core";
import { pathReader } from "./trial-path";
import type { ClusterGateway, PreparedVariant } from "@meshbench/k8s";
import type { RunExecutionService, TrialOutput } from "@meshbench/services";
import { samplesOverWindow } from "./trial-window";

export type TrialDeps = {
  execution: RunExecutionService;
  log: (msg: string) => void;
  /** How often resource usage is sampled while a trial runs. */
  sampleEveryMs?: number;
  now: () => number;
};

export type TrialCtx = {
  ws: string;
  runId: string;
  def: TBenchmarkDefinition;
  /** The variant's request headers, secrets opened now: sent with the run, kept nowhere. */
  openHeaders: () => Promise<readonly TResolvedHeader[]>;
  gateway: ClusterGateway;
  meshes: TMeshDetection;
  trial: TPlannedTrial;
  variant: PreparedVariant;
  shouldStop: () => Promise<boolean>;
  /** Called once the trial's load has been started. */
  onStarted: () => void;
  /** API calls spent on usage sampling (reported apart from the trial's own). */
  onSamplingCalls: (calls: number) => void;
  /** Load generators carrying the trial when "auto" chose them; default the methodology's. */
  generators?: number;
  /** Validity flags the worker raised before the trial (e.g. the target was not idle). */
  flags?: TValidityFlag[];
  /** How the trial's resources were attributed: its own counter window, or point samples. */
  onAttribution?: (how: "counters" | "samples") => void;
  /** Awaited right before the measured load starts (after the warm-up): the previous trial's recording. */
  beforeMeasured?: () => Promise<void>;
  /**
   * Read and store the result after the trial returns (its load is over and its counters are
   * read): the caller overlaps that with the next trial's idle gate and warm-up.
   */
  deferRecording?: boolean;
};

/** A trial whose load is over; its result is being read and stored. */
export type Recording = { recording: Promise<"succeeded" | "failed"> };

/** The kubelets' CPU counters of the variant's namespace now; null when there are none or they fail. */
async function readCounters(deps: TrialDeps, ctx: TrialCtx) {
  if (!ctx.gateway.readCpuCounters) return null;
  const before = ctx.gateway.apiCalls();
  try {
    return await ctx.gateway.readCpuCounters([ctx.variant.namespace], {
      meshes: ctx.meshes,
      alsoSample: ctx.variant.alsoSample,
    });
  } catch (error) {
    deps.log(
      `run ${ctx.runId}: CPU counters unreadable: ${error instanceof Error ? error.message : String(error)}`,
    );
    return null;
  } finally {
    ctx.onSamplingCalls(ctx.gateway.apiCalls() - before);
  }
}

/**
 * Samples the variant's usage at most every `sampleEveryMs` while the trial runs. CPU is a rate
 * between cumulative counters, and the load generator lives across trials: the first sample of a
 * trial only opens its window (its rate would span the pause since the previous trial).
 */
function usageSampler(deps: TrialDeps, ctx: TrialCtx, podsPerRound?: ReadonlySet<string>) {
  const samples: TrialOutput["samples"] = [];
  const key = ctx.trial.key;
  let lastSample = 0;
  let broken = false;
  let windowOpen = false;
  const sample = async () => {
    if (broken || deps.now() - lastSample < (deps.sampleEveryMs ?? 5000)) return;
    lastSample = deps.now();
    const callsBefore = ctx.gateway.apiCalls();
    try {
      const usage = await ctx.gateway.sampleUsage([ctx.variant.namespace], {
        meshes: ctx.meshes,
        alsoSample: ctx.variant.alsoSample,
        onNotice: (m) => deps.log(`run ${ctx.runId}: ${m}`),
      });
      const opening = !windowOpen;
      windowOpen = true;
      if (opening) return;
      // The kubelet stamps each container apart (ms apart): a measurement pod's containers are
      // stamped with one instant per round, so its CPU is their sum (core's trialCpuMillicores).
      const roundOf = new Map<string, Date>();
      for (const u of usage)
        if (podsPerRound?.has(u.pod) && u.sampledAt > (roundOf.get(u.pod) ?? new Date(0)))
          roundOf.set(u.pod, u.sampledAt);
      for (const u of usage)
        samples.push({
          ...u,
          sampledAt: roundOf.get(u.pod) ?? u.sampledAt,
          trialKey: key,
          variant: ctx.trial.coordinates.variant,
        });
    } catch (error) {
      broken = true;
      deps.log(
        `run ${ctx.runId}: resource sampling off: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      ctx.onSamplingCalls(ctx.gateway.apiCalls() - callsBefore);
    }
  };
  return { samples, sample };
}

/**
 * A measurement pod (methodology.rateSeries) starts after the counters' first read and its
 * `fortio load` leaves the kubelet's stats when it exits, so the counter window misses its load:
 * such a pod's point samples (all its containers, taken while it ran) stand in for its window.
 * REST trials keep the window as it is.
 */
function withMeasurementPods(
  windowed: TrialOutput["samples"],
  points: TrialOutput["samples"],
  handle: Awaited<ReturnType<ClusterGateway["startTrial"]>>,
) {
  if (!handle.measurementPods) return windowed;
  const sampled = new Set(
    points.filter((s) => handle.runs.some((r) => r.pod === s.pod)).map((s) => s.pod),
  );
  return [
    ...windowed.filter((s) => !sampled.has(s.pod)),
    ...points.filter((s) => sampled.has(s.pod)),
  ];
}

/**
 * The trial's result documents and, for measurement pods (methodology.rateSeries), their access
 * logs; or why they could not be read.
 */
async function readOutputs(
  gateway: ClusterGateway,
  handle: Awaited<ReturnType<ClusterGateway["startTrial"]>>,
) {
  const texts = await gateway.readTrialResults(handle);
  if (!texts) return "the load generator saved no result";
  if (!handle.measurementPods) return { texts };
  let accessLogs;
  try {
    accessLogs = await gateway.readTrialAccessLogs?.(handle);
  } catch (error) {
    return `the access logs could not be read: ${gateway.describeError(error)}`;
  }
  if (!accessLogs) return "the load generator saved no access log";
  return { texts, accessLogs };
}

/** One trial: start its load, sample usage while it runs, then record its result (or failure). */
export async function runTrial(
  deps: TrialDeps,
  ctx: TrialCtx,
): Promise<"succeeded" | "failed" | "stopped" | Recording> {
  const { ws, runId, gateway } = ctx;
  const trial = {
    key: ctx.trial.key,
    coordinates: ctx.trial.coordinates,
    sequence: ctx.trial.sequence,
  };
  const fail = async (reason: string) => {
    await deps.execution.markFailed(ws, runId, trial, reason);
    return "failed" as const;
  };
  if (ctx.variant.problem) return fail(ctx.variant.problem);
  let requestHeaders;
  try {
    requestHeaders = await ctx.openHeaders();
  } catch (error) {
    return fail(`request headers: ${error instanceof Error ? error.message : String(error)}`);
  }
  await deps.execution.markRunning(ws, runId, trial);
  // The mesh's own counters on the declared path, read right before the measured run and after it.
  const path = pathReader(deps, ctx);
  let handle;
  try {
    handle = await gateway.startTrial(
      {
        runId,
        definition: ctx.def,
        namespace: ctx.variant.namespace,
        ...trial,
        requestHeaders,
        ...(ctx.generators ? { generators: ctx.generators } : {}),
      },
      {
        beforeMeasured: async () => {
          await ctx.beforeMeasured?.();
          await path?.before();
        },
      },
    );
  } catch (error) {
    // The load generator refused or is gone: this trial fails with the reason, the run goes on.
    return fail(`the load generator did not start: ${gateway.describeError(error)}`);
  }
  ctx.onStarted();
  path?.started(handle.resumed);
  if (handle.resumed)
    deps.log(
      `run ${runId}: resumed Fortio run${handle.runs.length > 1 ? "s" : ""} ${handle.runs.map((r) => r.runId).join(", ")} of trial ${handle.name}`,
    );
  const usage = usageSampler(
    deps,
    ctx,
    handle.measurementPods ? new Set(handle.runs.map((r) => r.pod)) : undefined,
  );
  const countersAtStart = await readCounters(deps, ctx);
  const outcome = await gateway.waitForTrial(handle, {
    timeoutMs: secondsToMs(trialTimeoutSeconds(ctx.def)) + 30_000,
    shouldStop: ctx.shouldStop,
    onRunning: usage.sample,
  });
  if (outcome.status === "stopped") return "stopped";
  if (outcome.status !== "succeeded") {
    await gateway.abandonTrial(handle);
    return fail(outcome.reason);
  }
  const countersAtEnd = countersAtStart && (await readCounters(deps, ctx));
  const windowed =
    countersAtStart && countersAtEnd
      ? samplesOverWindow(countersAtStart, countersAtEnd, {
          trialKey: ctx.trial.key,
          variant: ctx.trial.coordinates.variant,
        })
      : [];
  ctx.onAttribution?.(windowed.length ? "counters" : "samples");
  const judged = await path?.after();
  const record = async () => {
    let read;
    try {
      read = await readOutputs(gateway, handle);
    } finally {
      await gateway.releaseTrial?.(handle).catch((error: unknown) => {
        deps.log(`run ${runId}: measurement pods not deleted: ${gateway.describeError(error)}`);
      });
    }
    if (typeof read === "string") return fail(read);
    const { texts, accessLogs } = read;
    const failure = await deps.execution.recordTrial(ws, runId, {
      ...trial,
      text: texts.length === 1 ? texts[0]! : texts,
      ...(accessLogs ? { accessLogs } : {}),
      generatorPods: handle.runs.map((r) => r.pod),
      samples: windowed.length
        ? withMeasurementPods(windowed, usage.samples, handle)
        : usage.samples,
      flags: ctx.flags ?? [],
      ...(judged ? { path: judged } : {}),
      loadGeneratorCeiling: ctx.variant.loadGeneratorCpu
        ? loadGeneratorCeiling(ctx.variant.loadGeneratorCpu)
        : null,
      targetCpuLimitMillicores: ctx.variant.targetCpuLimitMillicores ?? null,
    });
    return failure ? ("failed" as const) : ("succeeded" as const);
  };
  return ctx.deferRecording ? { recording: record() } : record();
}
