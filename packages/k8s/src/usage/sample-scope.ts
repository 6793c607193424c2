import type { TMeshDetection } from "@meshbench/contracts";
import { daemonSetPod } from "@meshbench/core";

type PodsOf = { namespace: string; pods: string[] };
/** A detected DaemonSet: its pods are sampled wherever it runs, and nothing else there. */
type DaemonSetRef = { namespace: string; name: string };

/** Namespaces whose pods are a mesh's control plane (istiod's, Linkerd's), from detection. */
export function controlPlaneNamespaces(d: TMeshDetection): string[] {
  const names = [d.istio.istiod.namespace, d.linkerd.controlPlane.namespace];
  return [...new Set(names.filter((n): n is string => n !== null))];
}

/**
 * The node-level data planes' DaemonSets, from detection: ztunnel and istio-cni's node agent
 * (ambient), Kmesh's daemon, Cilium's agent and node Envoy — in whatever namespace each runs
 * (ztunnel is often apart from istiod, e.g. kube-system).
 */
export function dataPlaneDaemonSets(d: TMeshDetection): DaemonSetRef[] {
  const found = [d.istio.ztunnel, d.istio.cni, d.kmesh.daemon, d.cilium.agent, d.cilium.envoy];
  return found.flatMap((c) =>
    c.found && c.namespace && c.name ? [{ namespace: c.namespace, name: c.name }] : [],
  );
}

export type SampleScopeOptions = {
  meshes?: TMeshDetection;
  /** Named control-plane namespaces (tests), instead of the detected ones. */
  controlPlaneNamespaces?: string[];
  /** Only these pods of these other namespaces (PreparedVariant.alsoSample). */
  alsoSample?: PodsOf[];
};

/**
 * What one usage sample covers: every pod of the variant's namespaces and of the control planes'
 * namespaces; of other namespaces only the pods asked for (`alsoSample`) and the detected data
 * planes' DaemonSet pods. `namespaces` are the ones to read; `keep` drops the rest of a shared
 * namespace (kube-system's other pods are not the mesh's cost).
 */
export function sampleScope(variantNamespaces: string[], options: SampleScopeOptions) {
  const controlPlanes =
    options.controlPlaneNamespaces ??
    (options.meshes ? controlPlaneNamespaces(options.meshes) : []);
  const daemonSets = options.meshes ? dataPlaneDaemonSets(options.meshes) : [];
  const also = options.alsoSample ?? [];
  const whole = new Set([...variantNamespaces, ...controlPlanes]);
  const pods = new Set(also.flatMap((a) => a.pods.map((p) => `${a.namespace}/${p}`)));
  return {
    namespaces: [
      ...new Set([
        ...whole,
        ...also.map((a) => a.namespace),
        ...daemonSets.map((d) => d.namespace),
      ]),
    ],
    controlPlanes,
    /** Where the variant's own pods run, for the role rule's placement. */
    variantNamespaces: [...new Set([...variantNamespaces, ...also.map((a) => a.namespace)])],
    keep: (r: { namespace: string; pod: string }) =>
      whole.has(r.namespace) ||
      pods.has(`${r.namespace}/${r.pod}`) ||
      daemonSets.some((d) => d.namespace === r.namespace && daemonSetPod(d.name, r.pod)),
  };
}
