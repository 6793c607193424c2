import type { TBenchmarkDefinition, TTrialCoordinates, TVariant } from "@meshbench/contracts";
import { trialKey, trialTimeoutSeconds } from "@meshbench/core";
import type {
  PreparedVariant,
  PrepareVariantInput,
  Stopper,
  TrialHandle,
  TrialInput,
} from "./gateway";
import { loadJobName, meshNamespaceMetadata, variantNamespace } from "./labels";
import { buildFortioArgs, commandLine, targetUrl } from "./manifests/fortio-args";
import type { LoadJobInput } from "./manifests/load-job";
import type { TargetInput } from "./manifests/target";
import { meshProblem, type PodInfo } from "./mesh-verification";

/** The Kubernetes-level operations the domain steps are made of (KubeClusterGateway's own). */
export type KubeSteps = {
  ensureNamespace(runId: string, variant: TVariant): Promise<string>;
  deployTarget(input: TargetInput): Promise<void>;
  waitForTarget(
    namespace: string,
    options: { timeoutMs: number; shouldStop?: Stopper },
  ): Promise<PodInfo[]>;
  startLoadJob(input: LoadJobInput): Promise<"created" | "exists">;
};

const TARGET_READY_MS = 300_000;

export function describeVariant(runId: string, variant: TVariant) {
  return { namespace: variantNamespace(runId, variant.name), ...meshNamespaceMetadata(variant) };
}

/** Namespace, then (for the built-in echo target) deployment, readiness and the mesh check. */
export async function prepareVariant(
  k: KubeSteps,
  input: PrepareVariantInput,
): Promise<PreparedVariant> {
  const { runId, definition: def, variant: v } = input;
  const namespace = await k.ensureNamespace(runId, v);
  if (def.target.kind !== "fortio-echo") return { namespace, problem: null };
  await k.deployTarget({
    runId,
    variant: v.name,
    namespace,
    target: def.target,
    methodology: def.methodology,
  });
  const pods = await k.waitForTarget(namespace, {
    timeoutMs: TARGET_READY_MS,
    shouldStop: input.shouldStop,
  });
  const ciliumAgent = input.meshes.cilium.agent.found;
  return { namespace, problem: meshProblem(v.mesh, pods, { ciliumAgent }) };
}

/** One trial = one Fortio Job named after its key, so a resumed run finds the Job again. */
export async function startTrial(k: KubeSteps, input: TrialInput): Promise<TrialHandle> {
  const { definition: def, coordinates, namespace } = input;
  const name = loadJobName(input.sequence, trialKey(coordinates));
  await k.startLoadJob({
    runId: input.runId,
    namespace,
    name,
    sequence: input.sequence,
    coordinates,
    url: targetUrl(def.target, namespace, coordinates.protocol),
    durationSeconds: def.durationSeconds,
    warmupSeconds: def.warmupSeconds,
    timeoutSeconds: trialTimeoutSeconds(def),
    methodology: def.methodology,
  });
  return { namespace, name };
}

/** One Fortio command line per variant × load level (repetitions repeat it). */
export function describeLoad(
  runId: string,
  def: TBenchmarkDefinition,
  trials: readonly { sequence: number; coordinates: TTrialCoordinates }[],
) {
  const out: Record<string, string> = {};
  for (const t of trials) {
    if (t.coordinates.repetition !== 1) continue;
    const ns = variantNamespace(runId, t.coordinates.variant);
    const key = trialKey(t.coordinates);
    const args = buildFortioArgs({
      coordinates: t.coordinates,
      durationSeconds: def.durationSeconds,
      fortio: def.methodology.fortio,
      url: targetUrl(def.target, ns, t.coordinates.protocol),
      label: `${runId}/${loadJobName(t.sequence, key)}`,
    });
    out[key.replace(/\/rep1$/, "")] = commandLine(def.methodology.fortio.image, args);
  }
  return out;
}
