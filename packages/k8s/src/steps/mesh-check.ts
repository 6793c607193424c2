import type { TMeshKind, TResourceRole } from "@meshbench/contracts";
import type { ContainerRoles } from "../usage/container-roles";

export type PodInfo = {
  name: string;
  nodeName: string | null;
  annotations: Record<string, string>;
  containers: string[];
  /** Init containers with restartPolicy Always (native sidecars) count as containers. */
  sidecarInitContainers: string[];
};

const SIDECAR: Partial<Record<TMeshKind, string>> = {
  "istio-sidecar": "istio-proxy",
  linkerd: "linkerd-proxy",
};
const PROXIES = ["istio-proxy", "linkerd-proxy"];

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
    const meshed = pods.filter((p) => PROXIES.some((c) => has(p, c))).map((p) => p.name);
    return meshed.length
      ? `baseline is meshed: a proxy was injected into ${meshed.join(", ")}`
      : null;
  }
  return null;
}

/** Which resource role a sampled container plays (names are all the metrics endpoint gives). */
export function classifyContainer(
  s: { namespace: string; pod: string; container: string },
  ctx: { controlPlaneNamespaces: string[]; declared?: ContainerRoles },
): TResourceRole {
  // A role the pod declares (meshbench.io/container-roles) wins: a proxy the user deploys, or a
  // variant's extra container, is booked as what it is, whatever its name.
  const declared = ctx.declared?.get(s.container);
  if (declared) return declared;
  // Ambient's ztunnel and waypoint pods run a container named istio-proxy too: the pod decides
  // first, so their cost is not booked as sidecar cost.
  if (s.pod.startsWith("ztunnel")) return "ztunnel";
  if (s.pod.includes("waypoint")) return "waypoint";
  if (PROXIES.includes(s.container)) return "proxy";
  if (ctx.controlPlaneNamespaces.includes(s.namespace)) return "control_plane";
  if (s.pod.startsWith("lg-")) return "load_generator";
  return "app";
}
