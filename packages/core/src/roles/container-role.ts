import { type TResourceRole, ZResourceRole } from "@meshbench/contracts";

/** What a metrics endpoint says about a container: its namespace, pod and name. */
export type SampledContainer = { namespace: string; pod: string; container: string | null };

export type RoleContext = {
  /**
   * Where the variant's own pods run (its namespaces, and those of pods sampled for it): a
   * sidecar proxy anywhere else is a gateway, never sidecar cost.
   */
  variantNamespaces: readonly string[];
  /** Namespaces of the detected control planes (istiod's, Linkerd's). */
  controlPlaneNamespaces?: readonly string[];
  /**
   * The role the pod declares for this container (`meshbench.io/container-roles`), or the role
   * a stored sample was booked under: it wins over names.
   */
  declared?: TResourceRole;
};

/** Sidecar proxies, by their injected container's name. */
export const SIDECAR_PROXY_CONTAINERS = [
  "istio-proxy", // Istio (Envoy)
  "linkerd-proxy", // Linkerd
  "envoy-sidecar", // Consul (consul-k8s before 1.0)
  "consul-dataplane", // Consul (consul-k8s 1.0+)
  "kuma-sidecar", // Kuma
] as const;

/** Node-level data planes other than ztunnel, by container name. */
const NODE_DATA_PLANE_CONTAINERS = new Set([
  "kmesh", // Kmesh's daemon (DaemonSet kmesh)
  "cilium-agent", // Cilium's agent (DaemonSet cilium): its eBPF datapath
  "cilium-envoy", // Cilium's node Envoy (DaemonSet cilium-envoy): its L7 proxy
  "install-cni", // istio-cni's node agent (DaemonSet istio-cni-node): redirects pods' traffic
]);

/** Control-plane pods, by name (their proxies included: Linkerd meshes its own control plane). */
const CONTROL_PLANE_PODS = [
  /^istiod(-[a-z0-9-]+)?-[a-z0-9]+-[a-z0-9]{5}$/,
  /^linkerd-(destination|identity|proxy-injector)-[a-z0-9]+-[a-z0-9]{5}$/,
  /^consul-(connect-injector|webhook-cert-manager)-[a-z0-9]+-[a-z0-9]{5}$/,
  /^consul-server-\d+$/,
  /^kuma-control-plane-[a-z0-9]+-[a-z0-9]{5}$/,
  /^cilium-operator-[a-z0-9]+-[a-z0-9]{5}$/,
];

/** A DaemonSet's pod: `<name>-<5 characters>` (a Deployment's has a template hash between). */
export const daemonSetPod = (daemonSet: string, pod: string) =>
  pod.startsWith(`${daemonSet}-`) && /^[a-z0-9]{5}$/.test(pod.slice(daemonSet.length + 1));

function namedRole(c: SampledContainer, ctx: RoleContext): TResourceRole {
  const container = c.container ?? "";
  // Ambient's ztunnel and waypoint pods run a container named istio-proxy too: the pod decides
  // before the container's name, so their cost is not booked as sidecar cost.
  if (daemonSetPod("ztunnel", c.pod)) return "ztunnel";
  if (NODE_DATA_PLANE_CONTAINERS.has(container)) return "data_plane";
  if (c.pod.includes("waypoint")) return "waypoint";
  if (CONTROL_PLANE_PODS.some((p) => p.test(c.pod))) return "control_plane";
  const controlPlane = ctx.controlPlaneNamespaces?.includes(c.namespace) ?? false;
  // Linkerd's control-plane components carry their own linkerd-proxy; an Envoy in istiod's
  // namespace is an ingress or egress gateway (placement below).
  if (controlPlane && container === "linkerd-proxy") return "control_plane";
  if ((SIDECAR_PROXY_CONTAINERS as readonly string[]).includes(container)) return "proxy";
  if (controlPlane) return "control_plane";
  if (c.pod.startsWith("lg-")) return "load_generator";
  return "app";
}

/**
 * The one role rule: which part of the system a sampled container is. Sampling (k8s) books each
 * sample with it; the report re-reads stored samples through it (their stored role as
 * `declared`, their variant's namespaces from the samples), so older samples follow the same
 * placement. Order: a declared role, else the container's and pod's names (ztunnel and the node
 * data planes, waypoints, control-plane pods, sidecar proxies, control-plane namespaces, the
 * load generator, else app); then placement: a sidecar proxy outside the variant's namespaces
 * is a gateway.
 */
export function containerRole(c: SampledContainer, ctx: RoleContext): TResourceRole {
  const role = ctx.declared ?? namedRole(c, ctx);
  if (role === "proxy" && !ctx.variantNamespaces.includes(c.namespace)) return "gateway";
  return role;
}

/** Container name → role, from a pod's `meshbench.io/container-roles` annotation. */
export type ContainerRoles = Map<string, TResourceRole>;

/**
 * Parses `proxy=envoy,app=server` (role=container pairs, comma-separated). Unknown roles and
 * malformed pairs are skipped: the annotation is the user's, a typo must not stop sampling.
 */
export function parseContainerRoles(value: string | undefined): ContainerRoles {
  const roles: ContainerRoles = new Map();
  for (const pair of (value ?? "").split(",")) {
    const [role, container, ...rest] = pair.split("=").map((s) => s.trim());
    if (!role || !container || rest.length) continue;
    const parsed = ZResourceRole.safeParse(role);
    if (parsed.success) roles.set(container, parsed.data);
  }
  return roles;
}

/** The annotation value naming each container's role, e.g. `proxy=hop`. */
export function formatContainerRoles(containers: { name: string; role: TResourceRole }[]) {
  return containers.map((c) => `${c.role}=${c.name}`).join(",");
}
