import type { TMeshKind } from "@meshbench/contracts";

/**
 * Meshes whose pods carry nothing beyond Pod Security "baseline": no mesh, ambient (ztunnel and
 * istio-cni run outside the namespace), Kmesh (eBPF on the node), Cilium (node-wide datapath).
 * Sidecar meshes inject an init container with NET_ADMIN/NET_RAW unless the mesh runs its CNI
 * plugin, and a custom mesh is unknown, so their namespaces only warn and audit.
 */
export const ENFORCING_MESHES: ReadonlySet<TMeshKind> = new Set([
  "baseline",
  "istio-ambient",
  "kmesh",
  "cilium",
]);

const PSA = "pod-security.kubernetes.io";

/** The Pod Security Admission labels of a variant's namespace, so the apiserver enforces too. */
export function namespacePodSecurityLabels(mesh: TMeshKind): Record<string, string> {
  return {
    ...(ENFORCING_MESHES.has(mesh) ? { [`${PSA}/enforce`]: "baseline" } : {}),
    [`${PSA}/warn`]: "baseline",
    [`${PSA}/audit`]: "baseline",
  };
}
