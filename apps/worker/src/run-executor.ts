import type {
  TBenchmarkDefinition,
  TTrialResult,
  TTrialValidityFlag,
  TVariant,
} from "@meshbench/contracts";
import {
  assessTrialValidity,
  mulberry32,
  planTrials,
  trialTimeoutSeconds,
  type TPlannedTrial,
} from "@meshbench/core";
import {
  trialKey,
  type BenchmarkRepository,
  type ClusterRepository,
  type ResourceSampleInput,
  type ResourceSampleRepository,
  type RunExecutionRepository,
  type RunRepository,
} from "@meshbench/db";
import {
  buildFortioArgs,
  commandLine,
  controlPlaneNamespaces,
  extractFortioJson,
  loadJobName,
  meshNamespaceMetadata,
  meshProblem,
  targetUrl,
  variantNamespace,
  type ClusterGateway,
} from "@meshbench/k8s";

export type ExecutorDeps = {
  runs: RunRepository;
  execution: RunExecutionRepository;
  benchmarks: BenchmarkRepository;
  clusters: ClusterRepository;
  samples: ResourceSampleRepository;
  /** Opens the cluster's gateway (decrypting its kubeconfig). */
  connect: (workspaceId: string, clusterId: string) => Promise<ClusterGateway>;
  parseResult: (json: string) => TTrialResult;
  log: (msg: string) => void;
  /** How often resource usage is sampled while a trial runs. */
  sampleEveryMs?: number;
  now?: () => number;
};

type VariantState = { namespace: string; problem: string | null };

/** Thrown when the worker itself is stopping: the run stays "running" for another worker to resume. */
export class WorkerStopping extends Error {}

/**
 * Drives one run from the database state: prepares each variant (namespace with the mesh's
 * labels, target, mesh check), then runs the planned trials in interleaved order, skipping the
 * ones already finished (resume after a crash). Everything created is removed at the end.
 */
export async function executeRun(
  deps: ExecutorDeps,
  job: { runId: string; workspaceId: string },
  signal: AbortSignal,
) {
  const { runId, workspaceId: ws } = job;
  const now = deps.now ?? Date.now;
  const run = await deps.execution.load(ws, runId);
  if (!run?.benchmarkId || !run.clusterId) return;
  if (run.status !== "queued" && run.status !== "running") return;
  const bench = await deps.benchmarks.get(ws, run.benchmarkId);
  const cluster = await deps.clusters.getSecret(ws, run.clusterId);
  if (!bench || !cluster) {
    await deps.execution.claim(ws, runId);
    await deps.execution.finish(ws, runId, "failed", "benchmark or cluster no longer exists");
    return;
  }
  const claimedAt = now();
  if (!(await deps.execution.claim(ws, runId))) return;
  const gw = await deps.connect(ws, run.clusterId);
  const def = bench.definition;
  const finished = new Set(
    run.trials.filter((t) => t.status !== "pending" && t.status !== "running").map((t) => t.key),
  );
  const cancelled = async () => (await deps.execution.status(ws, runId)) === "cancelled";
  const shouldStop = async () => {
    if (signal.aborted) return true;
    return cancelled();
  };

  let cleanupAtEnd = true;
  try {
    const plan = planTrials(
      def,
      def.methodology.interleaving === "randomized-blocks"
        ? { mode: "randomized-blocks", rng: mulberry32(def.methodology.seed) }
        : { mode: "round-robin" },
    );
    const remaining = plan.filter((t) => !finished.has(trialKey(t.coordinates)));
    const detection = await gw.detectMeshes({ prometheusUrl: cluster.prometheusUrl });
    const facts = await gw.facts();
    const variants = new Map<string, VariantState>();
    for (const v of def.variants) {
      if (!remaining.some((t) => t.coordinates.variant === v.name)) continue;
      if (await shouldStop()) break;
      variants.set(
        v.name,
        await prepareVariant(gw, runId, def, v, detection.cilium.agent.found, shouldStop),
      );
    }
    const environment = {
      kubernetesVersion: facts.serverVersion,
      nodes: facts.nodes,
      meshes: detection,
      variants: def.variants.map((v) => ({
        name: v.name,
        mesh: v.mesh,
        namespace: variantNamespace(runId, v.name),
        ...meshNamespaceMetadata(v),
        meshCheck: variants.get(v.name)?.problem ?? "ok",
      })),
      fortio: { image: def.methodology.fortio.image, commandLines: commandLines(runId, def, plan) },
    };
    await deps.execution.setEnvironment(ws, runId, environment);

    const stats = {
      firstJobMs: null as number | null,
      apiCallsAtStart: gw.apiCalls(),
      trialsRun: 0,
      failed: 0,
    };
    for (const trial of remaining) {
      if (await shouldStop()) break;
      const state = variants.get(trial.coordinates.variant);
      if (!state) continue;
      const ok = await runTrial(
        deps,
        gw,
        {
          ws,
          runId,
          def,
          trial,
          state,
          shouldStop,
          samplingNamespaces: controlPlaneNamespaces(detection),
        },
        () => {
          stats.firstJobMs ??= now() - claimedAt;
        },
      );
      stats.trialsRun += 1;
      await deps.runs.refreshProgress(ws, runId);
      if (ok === "stopped") break;
      if (ok === "failed") {
        stats.failed += 1;
        if (def.methodology.failurePolicy === "stop") {
          await deps.execution.finish(
            ws,
            runId,
            "failed",
            "a trial failed and the failure policy is stop",
          );
          break;
        }
      }
    }
    if (signal.aborted && !(await cancelled())) {
      cleanupAtEnd = false;
      throw new WorkerStopping("worker stopping; run will resume");
    }
    const perTrial = stats.trialsRun
      ? (gw.apiCalls() - stats.apiCallsAtStart) / stats.trialsRun
      : null;
    await deps.execution.setEnvironment(ws, runId, {
      ...environment,
      scheduler: {
        firstJobMs: stats.firstJobMs,
        apiCallsPerTrial: perTrial,
        apiCallsTotal: gw.apiCalls(),
      },
    });
    deps.log(
      `run ${runId}: ${stats.trialsRun} trials, first Job after ${stats.firstJobMs} ms, ${perTrial?.toFixed(1)} API calls/trial`,
    );
    const detail = await deps.runs.get(ws, runId);
    const anySucceeded = detail?.trials.some((t) => t.status === "succeeded") ?? false;
    const failures = detail?.trials.filter((t) => t.status === "failed").length ?? 0;
    await deps.execution.finish(
      ws,
      runId,
      anySucceeded ? "succeeded" : "failed",
      failures ? `${failures} trial(s) failed` : null,
    );
  } catch (error) {
    if (error instanceof WorkerStopping) throw error;
    const message =
      error instanceof Error ? error.message.split("\n")[0]!.slice(0, 500) : "unknown error";
    deps.log(`run ${runId} failed: ${message}`);
    await deps.execution.finish(ws, runId, "failed", message);
  } finally {
    if (cleanupAtEnd) {
      const removed = await gw.cleanup(runId).catch((e: unknown) => {
        deps.log(`run ${runId}: cleanup failed (the sweeper retries): ${String(e)}`);
        return [];
      });
      if (removed.length) deps.log(`run ${runId}: removed namespaces ${removed.join(", ")}`);
    }
  }
}

async function prepareVariant(
  gw: ClusterGateway,
  runId: string,
  def: TBenchmarkDefinition,
  v: TVariant,
  ciliumAgent: boolean,
  shouldStop: () => Promise<boolean>,
): Promise<VariantState> {
  const namespace = await gw.ensureNamespace(runId, v);
  if (def.target.kind !== "fortio-echo") return { namespace, problem: null };
  await gw.deployTarget({
    runId,
    variant: v.name,
    namespace,
    target: def.target,
    methodology: def.methodology,
  });
  const pods = await gw.waitForTarget(namespace, { timeoutMs: 300_000, shouldStop });
  return { namespace, problem: meshProblem(v.mesh, pods, { ciliumAgent }) };
}

type TrialCtx = {
  ws: string;
  runId: string;
  def: TBenchmarkDefinition;
  trial: TPlannedTrial;
  state: VariantState;
  shouldStop: () => Promise<boolean>;
  samplingNamespaces: string[];
};

async function runTrial(
  deps: ExecutorDeps,
  gw: ClusterGateway,
  ctx: TrialCtx,
  onJobCreated: () => void,
): Promise<"succeeded" | "failed" | "stopped"> {
  const { ws, runId, def, trial, state } = ctx;
  const { coordinates, sequence } = trial;
  const key = trialKey(coordinates);
  const fail = async (reason: string) => {
    await deps.execution.markTrial(ws, runId, {
      coordinates,
      sequence,
      status: "failed",
      failureReason: reason,
    });
    return "failed" as const;
  };
  if (state.problem) return fail(state.problem);
  await deps.execution.markTrial(ws, runId, { coordinates, sequence, status: "running" });
  const name = loadJobName(sequence, key);
  const timeoutSeconds = trialTimeoutSeconds(def);
  await gw.startLoadJob({
    runId,
    namespace: state.namespace,
    name,
    sequence,
    coordinates,
    url: targetUrl(def.target, state.namespace, coordinates.protocol),
    durationSeconds: def.durationSeconds,
    warmupSeconds: def.warmupSeconds,
    timeoutSeconds,
    methodology: def.methodology,
  });
  onJobCreated();
  const samples: ResourceSampleInput[] = [];
  let lastSample = 0;
  let samplingBroken = false;
  const outcome = await gw.waitForJob(state.namespace, name, {
    timeoutMs: timeoutSeconds * 1000 + 30_000,
    shouldStop: ctx.shouldStop,
    onRunning: async () => {
      if (samplingBroken || Date.now() - lastSample < (deps.sampleEveryMs ?? 5000)) return;
      lastSample = Date.now();
      try {
        const usage = await gw.sampleUsage([state.namespace], {
          controlPlaneNamespaces: ctx.samplingNamespaces,
          onNotice: (m) => deps.log(`run ${runId}: ${m}`),
        });
        for (const u of usage) samples.push({ ...u, trialKey: key, variant: coordinates.variant });
      } catch (error) {
        samplingBroken = true;
        deps.log(
          `run ${runId}: resource sampling off: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  });
  if (outcome.status === "stopped") return "stopped";
  if (outcome.status !== "succeeded") {
    await gw.deleteJob(state.namespace, name);
    return fail(outcome.reason);
  }
  const log = await gw.readJobResult(state.namespace, name);
  const json = extractFortioJson(log);
  if (!json) return fail("the load generator printed no JSON result");
  let result: TTrialResult;
  try {
    result = deps.parseResult(json);
  } catch (error) {
    return fail(
      `unreadable Fortio result: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const flags: TTrialValidityFlag[] = assessTrialValidity(result);
  await deps.runs.recordCompletedTrial(ws, runId, {
    coordinates,
    sequence,
    result,
    validityFlags: flags,
  });
  await deps.samples.addMany(ws, runId, samples);
  return "succeeded";
}

/** One Fortio command line per variant × cell (repetitions repeat it), for the environment snapshot. */
function commandLines(runId: string, def: TBenchmarkDefinition, plan: TPlannedTrial[]) {
  const out: Record<string, string> = {};
  for (const t of plan) {
    if (t.coordinates.repetition !== 1) continue;
    const ns = variantNamespace(runId, t.coordinates.variant);
    const args = buildFortioArgs({
      coordinates: t.coordinates,
      durationSeconds: def.durationSeconds,
      fortio: def.methodology.fortio,
      url: targetUrl(def.target, ns, t.coordinates.protocol),
      label: `${runId}/${loadJobName(t.sequence, trialKey(t.coordinates))}`,
    });
    out[trialKey(t.coordinates).replace(/\/rep1$/, "")] = commandLine(
      def.methodology.fortio.image,
      args,
    );
  }
  return out;
}
