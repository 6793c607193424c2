import type {
  TBenchmarkDefinition,
  TEnvironmentFingerprint,
  TMeshDetection,
} from "@meshbench/contracts";
import { maskedHeaders } from "@meshbench/core";
import type { ClusterFacts } from "@meshbench/k8s";

const GiB = 1024 ** 3;

/**
 * What the run's numbers depend on besides the mesh (contracts' ZEnvironmentFingerprint), for the
 * compare page. Node inventories carry no instance-type label, so a node's "type" is its shape
 * (cores and memory): two pools of the same shape read as the same type, which is what matters.
 */
export function environmentFingerprint(
  clusterName: string,
  facts: ClusterFacts,
  meshes: TMeshDetection,
  def: TBenchmarkDefinition,
): TEnvironmentFingerprint {
  const nodes = new Map<string, number>();
  for (const n of facts.nodes?.nodes ?? []) {
    const type = `${n.cpuMillicores / 1000} cores, ${(n.memoryBytes / GiB).toFixed(1)} GiB`;
    nodes.set(type, (nodes.get(type) ?? 0) + 1);
  }
  const meshVersions: Record<string, string> = {};
  const components = {
    istio: meshes.istio.istiod,
    ztunnel: meshes.istio.ztunnel,
    linkerd: meshes.linkerd.controlPlane,
    cilium: meshes.cilium.agent,
    kmesh: meshes.kmesh.daemon,
  };
  for (const [mesh, c] of Object.entries(components))
    if (c.found) meshVersions[mesh] = c.version ?? "unknown";
  const f = def.methodology.fortio;
  const image = f.image;
  return {
    cluster: clusterName,
    nodes: [...nodes].map(([instanceType, count]) => ({ instanceType, count })),
    kubernetesVersion: facts.serverVersion,
    meshVersions,
    fortioVersion: image.includes(":") ? (image.split(":").at(-1) ?? null) : null,
    fortioArgs: [
      `-t ${def.durationSeconds}s`,
      `-r ${f.resolutionSeconds}`,
      ...(f.uniform ? ["-uniform"] : []),
      ...(f.noCatchUp ? ["-nocatchup"] : []),
      `warmup ${def.warmupSeconds}s`,
      // The benchmark's own headers (a variant's are the variant's); secrets as placeholders.
      ...maskedHeaders(def.requestHeaders).map((h) => `-H ${h.name}: ${h.value}`),
    ],
    target: def.target,
  };
}
