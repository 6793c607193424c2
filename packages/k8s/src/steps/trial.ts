import type { TBenchmarkDefinition, TTrialCoordinates, TVariant } from "@meshbench/contracts";
import { trialKey } from "@meshbench/core";
import type { FortioServer } from "../fortio/server";
import type {
  TrialOutcome,
  WaitOptions,
  PreparedVariant,
  PrepareVariantInput,
  Stopper,
  TrialHandle,
  TrialInput,
} from "../gateway";
import { LOAD_GENERATOR_NAME, meshNamespaceMetadata, trialLabel, variantNamespace } from "../manifests/labels";
import { reachabilityProtocol, targetUrl } from "../fortio/target-url";
import { describeRunRequest, type FortioRunInput, fortioRunQuery } from "../fortio/run-query";
import type { LoadGeneratorInput } from "../manifests/load-generator";
import type { TargetInput } from "../manifests/target";
import { meshProblem, type PodInfo } from "./mesh-check";
import type { TargetSteps } from "./targets";
import { startTarget } from "./target-plan";
import { describeVariantSettings } from "./variant-description";
import type { BundleObject } from "../manifests/bundle";
import { definitionProblems } from "../policy/definition-policy";

type WaitInput = { timeoutMs: number; shouldStop?: Stopper };

/** The Kubernetes-level operations the domain steps are made of (KubeClusterGateway's own). */
export type KubeSteps = {
  ensureNamespace(runId: string, variant: TVariant): Promise<string>;
  deployTarget(input: TargetInput): Promise<void>;
  waitForTarget(namespace: string, options: WaitInput): Promise<PodInfo[]>;
  deployLoadGenerator(input: LoadGeneratorInput): Promise<void>;
  /** The Ready load-generator pod's Fortio server. */
  waitForLoadGenerator(namespace: string, options: WaitInput): Promise<FortioServer>;
  loadGenerator(namespace: string): Promise<FortioServer>;
  untilTrue(what: string, check: () => Promise<boolean>, options: WaitInput): Promise<boolean>;
  /** Sample app, workload and per-variant Service operations. */
  targets: TargetSteps;
  applyVariantConfig(
    runId: string,
    variant: TVariant,
    namespace: string,
  ): Promise<{ objects: BundleObject[]; problem: string | null }>;
  waitForVariantConfig(
    input: WaitInput & { namespace: string; variant: TVariant; objects: BundleObject[] },
  ): Promise<string | null>;
};

const READY_MS = 300_000;
/** kube-proxy and DNS may lag pod readiness: how long the target may take to answer. */
const REACHABLE_MS = 60_000;
/** A waypoint's Deployment is started by its controller: image pull and start included. */
const VARIANT_CONFIG_MS = 180_000;

export function describeVariant(runId: string, variant: TVariant, def?: TBenchmarkDefinition) {
  const namespace = variantNamespace(runId, variant.name);
  return {
    namespace,
    ...meshNamespaceMetadata(variant),
    settings: describeVariantSettings(variant, def?.methodology.loadGeneratorInMesh, namespace),
  };
}

/**
 * The cluster policy again, before anything of the variant is created: a definition stored before
 * a rule existed (or written around the service) fails its variant with the reasons.
 */
export function variantPolicyProblem(def: TBenchmarkDefinition, variant: TVariant): string | null {
  const problems = definitionProblems(def, variant.name);
  if (!problems.length) return null;
  return `refused by Meshbench's cluster policy: ${problems.map((p) => `${p.field}: ${p.message}`).join("; ")}`;
}

/**
 * Namespace, target and load generator (both started at once), the mesh check, then the load
 * generator Ready and the target answering through it once: a trial never measures start-up.
 */
export async function prepareVariant(
  k: KubeSteps,
  input: PrepareVariantInput,
): Promise<PreparedVariant> {
  const { runId, definition: def, variant: v } = input;
  const refused = variantPolicyProblem(def, v);
  if (refused) return { namespace: variantNamespace(runId, v.name), problem: refused };
  const namespace = await k.ensureNamespace(runId, v);
  const wait = { timeoutMs: READY_MS, shouldStop: input.shouldStop };
  // Before the target: a PeerAuthentication or a proxy's Service is in place when its pods start.
  const config = await k.applyVariantConfig(runId, v, namespace);
  if (config.problem) return { namespace, problem: config.problem };
  const steps = {
    ...k.targets,
    deployTarget: (t: TargetInput) => k.deployTarget(t),
    waitForTarget: (ns: string, o: WaitInput) => k.waitForTarget(ns, o),
  };
  const target = await startTarget(steps, input, namespace, wait);
  if ("problem" in target) return { namespace, problem: target.problem };
  const { alsoSample, notes } = target;
  await k.deployLoadGenerator({
    runId,
    variant: v.name,
    namespace,
    methodology: def.methodology,
    avoid: target.avoid,
  });
  const pods = await target.ready();
  if (pods) {
    const problem = meshProblem(v.mesh, pods, { ciliumAgent: input.meshes.cilium.agent.found });
    if (problem) return { namespace, problem, alsoSample, notes };
  }
  const notReady = await k.waitForVariantConfig({
    ...wait,
    timeoutMs: VARIANT_CONFIG_MS,
    namespace,
    variant: v,
    objects: config.objects,
  });
  if (notReady) return { namespace, problem: notReady, alsoSample, notes };
  const server = await k.waitForLoadGenerator(namespace, wait);
  const url = targetUrl(
    def.target,
    namespace,
    reachabilityProtocol(def.loadMatrix.protocols) ?? "http1",
    v.name,
    v.entry,
  );
  const answers = await k.untilTrue("the target to answer", () => server.reaches(url), {
    ...wait,
    timeoutMs: REACHABLE_MS,
  });
  if (!answers)
    return {
      namespace,
      problem: `the target ${url} did not answer the load generator in ${REACHABLE_MS / 1000} s`,
      alsoSample,
      notes,
    };
  return { namespace, problem: null, alsoSample, notes };
}

function runInput(
  input: Pick<TrialInput, "runId" | "definition" | "sequence" | "coordinates">,
  namespace: string,
): FortioRunInput {
  const { definition: def, coordinates } = input;
  return {
    coordinates,
    durationSeconds: def.durationSeconds,
    fortio: def.methodology.fortio,
    url: targetUrl(
      def.target,
      namespace,
      coordinates.protocol,
      coordinates.variant,
      def.variants.find((v) => v.name === coordinates.variant)?.entry,
    ),
    label: trialLabel(input.runId, input.sequence, trialKey(coordinates)),
  };
}

/**
 * One trial = one Fortio run on the variant's load generator, labelled by the trial's key. A
 * resumed worker finds its run still going (by label) and waits for it instead of starting a
 * second one. Warm-up is a separate, unsaved run right before: the measured run opens its own
 * connections, so the warm-up only warms the target and the mesh, never the measured sockets.
 */
export async function startTrial(k: KubeSteps, input: TrialInput): Promise<TrialHandle> {
  const { definition: def, namespace } = input;
  const server = await k.loadGenerator(namespace);
  const measured = runInput(input, namespace);
  const running = await server.running();
  const handle = (
    run: { runId: number; resultId: string },
    startedAt: number,
    resumed = false,
  ): TrialHandle => ({
    namespace,
    name: measured.label,
    pod: server.pod,
    ...run,
    // A found run started earlier, at a time Fortio's status does not say: poll from now.
    endsAt: resumed ? startedAt : startedAt + def.durationSeconds * 1000,
    resumed,
  });
  const found = running.get(measured.label);
  if (found) return handle(found, Date.now(), true);
  const staleWarmup = running.get(`${measured.label}/warmup`);
  if (staleWarmup) await server.stop(staleWarmup);
  if (def.warmupSeconds > 0) {
    const warmup = {
      ...measured,
      durationSeconds: def.warmupSeconds,
      label: `${measured.label}/warmup`,
    };
    await server.runToEnd(fortioRunQuery(warmup, { save: false, async: false }), def.warmupSeconds);
  }
  const startedAt = Date.now();
  return handle(
    await server.start(fortioRunQuery(measured, { save: true, async: true })),
    startedAt,
  );
}

/** The exact REST request per variant × load level (repetitions repeat it, with their own label). */
export function describeLoad(
  runId: string,
  def: TBenchmarkDefinition,
  trials: readonly { sequence: number; coordinates: TTrialCoordinates }[],
) {
  const out: Record<string, string> = {};
  for (const t of trials) {
    if (t.coordinates.repetition !== 1) continue;
    const ns = variantNamespace(runId, t.coordinates.variant);
    const key = trialKey(t.coordinates).replace(/\/rep1$/, "");
    try {
      const query = fortioRunQuery(runInput({ runId, definition: def, ...t }, ns), {
        save: true,
        async: true,
      });
      out[key] = describeRunRequest(`${ns}/${LOAD_GENERATOR_NAME}`, query);
    } catch (error) {
      // e.g. a protocol the target cannot carry: that trial fails with the same reason.
      out[key] = `not run: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  return out;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** No status poll before the load is due to end: sampling alone fills the trial's window. */
export async function waitForTrial(
  server: FortioServer,
  trial: TrialHandle,
  options: WaitOptions & { pollMs: number },
): Promise<TrialOutcome> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (Date.now() >= trial.endsAt) {
      try {
        if (!(await server.isRunning(trial))) return { status: "succeeded" };
      } catch (error) {
        return {
          status: "failed",
          reason: `load generator unreachable: ${error instanceof Error ? error.message : "unknown error"}`,
        };
      }
    }
    if (Date.now() > deadline)
      return {
        status: "timeout",
        reason: `no result after ${Math.round(options.timeoutMs / 1000)} s`,
      };
    if (await options.shouldStop?.()) return { status: "stopped" };
    await options.onRunning?.();
    const untilEnd = trial.endsAt - Date.now();
    await sleep(Math.min(options.pollMs, untilEnd > 0 ? untilEnd + 50 : 250));
  }
}
