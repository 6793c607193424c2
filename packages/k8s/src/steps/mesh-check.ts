import type { TMeshKind } from "@meshbench/contracts";
import type { PodInfo } from "./pods";

const SIDECAR: Partial<Record<TMeshKind, string>> = {
  "istio-sidecar": "istio-proxy",
  linkerd: "linkerd-proxy",
};
/** The proxy containers sidecar meshes inject (usage sampling books them as `proxy`). */
export const PROXY_CONTAINERS = ["istio-proxy", "linkerd-proxy"];

/**
 * Did the mesh take effect on the target's pods? A variant whose mesh is absent must fail with
 * the reason, not silently measure baseline. Returns null when all is well.
 */
export function meshProblem(
  mesh: TMeshKind,
  pods: PodInfo[],
  opts: { ciliumAgent: boolean },
): string | null {
  if (pods.length === 0) return "the target has no pods";
  const has = (p: PodInfo, c: string) =>
    p.containers.includes(c) || p.sidecarInitContainers.includes(c);
  const sidecar = SIDECAR[mesh];
  if (sidecar) {
    const missing = pods.filter((p) => !has(p, sidecar)).map((p) => p.name);
    return missing.length
      ? `mesh absent: no ${sidecar} container in ${missing.join(", ")} (is the injector installed and the namespace label honoured?)`
      : null;
  }
  if (mesh === "istio-ambient" || mesh === "kmesh") {
    const key = mesh === "kmesh" ? "kmesh.net/redirection" : "ambient.istio.io/redirection";
    const missing = pods.filter((p) => p.annotations[key] !== "enabled").map((p) => p.name);
    return missing.length ? `mesh absent: ${key} is not "enabled" on ${missing.join(", ")}` : null;
  }
  if (mesh === "cilium")
    return opts.ciliumAgent ? null : "mesh absent: no cilium agent DaemonSet in the cluster";
  if (mesh === "baseline") {
    const meshed = pods.filter((p) => PROXY_CONTAINERS.some((c) => has(p, c))).map((p) => p.name);
    return meshed.length
      ? `baseline is meshed: a proxy was injected into ${meshed.join(", ")}`
      : null;
  }
  return null;
}
