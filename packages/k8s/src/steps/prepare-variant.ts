import type { TBenchmarkDefinition, TVariant } from "@meshbench/contracts";
import { clientInMesh, resolveTopology } from "@meshbench/core";
import { reachabilityProtocol, targetUrl } from "../fortio/target-url";
import type { PreparedVariant, PrepareVariantInput } from "../gateway";
import { meshNamespaceMetadata, variantNamespace } from "../manifests/labels";
import { definitionProblems } from "../policy/definition-policy";
import { type Kube, untilTrue } from "./kube";
import { loadGeneratorCpuRoom, targetCpuLimit } from "./cpu-room";
import { deployLoadGenerator, type LoadGenerators, waitForLoadGenerator } from "./load-generator";
import { meshProblem } from "./mesh-check";
import { ensureNamespace } from "./namespaces";
import { startTarget } from "./target-plan";
import { applyVariantConfig, waitForVariantConfig } from "./variant-config";
import { describeVariantSettings } from "./variant-description";
import { describePathProbe, discoverPath, type PathProbe } from "../path/discovery";

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
    settings: describeVariantSettings(
      variant,
      def ? clientInMesh(variant, def.methodology) : undefined,
      namespace,
    ),
  };
}

/**
 * The cluster policy again, before anything of the variant is created: a definition stored before
 * a rule existed (or written around the service) fails its variant with the reasons.
 */
function variantPolicyProblem(def: TBenchmarkDefinition, variant: TVariant): string | null {
  const problems = definitionProblems(def, variant.name);
  if (!problems.length) return null;
  return `refused by Meshbench's cluster policy: ${problems.map((p) => `${p.field}: ${p.message}`).join("; ")}`;
}

/**
 * Namespace, target and load generator (both started at once), the mesh check, then the load
 * generator Ready and the target answering through it once: a trial never measures start-up.
 */
export async function prepareVariant(
  k: Kube,
  lg: LoadGenerators,
  input: PrepareVariantInput,
): Promise<PreparedVariant> {
  const { runId, definition: def, variant: v } = input;
  const refused = variantPolicyProblem(def, v);
  if (refused) return { namespace: variantNamespace(runId, v.name), problem: refused };
  const namespace = await ensureNamespace(k, runId, v);
  const wait = { timeoutMs: READY_MS, shouldStop: input.shouldStop };
  // Before the target: a PeerAuthentication or a proxy's Service is in place when its pods start.
  const config = await applyVariantConfig(k, { runId, variant: v, namespace });
  if (config.problem) return { namespace, problem: config.problem };
  const target = await startTarget(k, input, namespace, wait);
  if ("problem" in target) return { namespace, problem: target.problem };
  const { alsoSample, notes } = target;
  await deployLoadGenerator(k, {
    runId,
    variant: v.name,
    namespace,
    methodology: def.methodology,
    inMesh: clientInMesh(v, def.methodology),
    avoid: target.avoid,
  });
  const pods = await target.ready();
  if (pods) {
    const problem = meshProblem(v.mesh, pods, { ciliumAgent: input.meshes.cilium.agent.found });
    if (problem) return { namespace, problem, alsoSample, notes };
  }
  const notReady = await waitForVariantConfig(k, {
    ...wait,
    timeoutMs: VARIANT_CONFIG_MS,
    namespace,
    variant: v,
    objects: config.objects,
  });
  if (notReady) return { namespace, problem: notReady, alsoSample, notes };
  const server = await waitForLoadGenerator(k, lg, namespace, wait);
  const url = targetUrl(
    def.target,
    namespace,
    reachabilityProtocol(def.loadMatrix.protocols) ?? "http1",
    v.name,
    v.entry,
  );
  const headers = input.requestHeaders ?? [];
  const answers = await untilTrue(k, "the target to answer", () => server.reaches(url, headers), {
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
  const path = await pathProbe(k, { namespace, variant: v, definition: def, meshes: input.meshes });
  const loadGeneratorCpu = await loadGeneratorCpuRoom(k, namespace, server.pod);
  // A target elsewhere (a per-variant Service URL's pods) has no limit known here.
  const targetCpuLimitMillicores = alsoSample?.length ? null : await targetCpuLimit(k, namespace);
  return {
    namespace,
    problem: null,
    alsoSample,
    notes: [...notes, `path check: ${describePathProbe(path)}`],
    path,
    loadGeneratorCpu,
    targetCpuLimitMillicores,
  };
}

/** The proxies the path check reads; a discovery that fails leaves the declared hops unreadable. */
async function pathProbe(
  k: Kube,
  input: Parameters<typeof discoverPath>[1],
): Promise<PathProbe | null> {
  try {
    return await discoverPath(k, input);
  } catch (error) {
    const why = `its proxies were not found: ${k.apis.describe(error)}`;
    return {
      hops: resolveTopology(input.variant, input.definition.methodology).hops.map((hop) => ({
        hop,
        unreadable: why,
      })),
    };
  }
}
