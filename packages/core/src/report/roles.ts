import { CONTAINER_ROLES_ANNOTATION, ZReportRole } from "@meshbench/contracts";

/** Roles a report books cost under: the stored roles plus "gateway" (a proxy outside the data plane). */
export const REPORT_ROLES = ZReportRole.options;
export type ReportRole = (typeof REPORT_ROLES)[number];

const PROXY_CONTAINERS = ["istio-proxy", "linkerd-proxy", "envoy", "envoy-sidecar", "kuma-sidecar"];

/** `proxy=envoy,app=server` → {envoy: "proxy", server: "app"} (unknown roles ignored). */
export function parseContainerRoles(annotation: string | undefined): Map<string, ReportRole> {
  const out = new Map<string, ReportRole>();
  for (const part of (annotation ?? "").split(",")) {
    const [role, container] = part.split("=").map((x) => x.trim());
    if (role && container && (REPORT_ROLES as readonly string[]).includes(role))
      out.set(container, role as ReportRole);
  }
  return out;
}

export interface ContainerIdentity {
  namespace: string;
  pod: string;
  container: string;
  /** The pod's annotations, when known (CONTAINER_ROLES_ANNOTATION names roles explicitly). */
  annotations?: Record<string, string>;
}

export interface RoleContext {
  /** Namespaces of the variant's own workload (where its app and load generator run). */
  dataPlaneNamespaces: readonly string[];
  controlPlaneNamespaces: readonly string[];
}

/**
 * The one rule of which role a container's cost is booked under:
 * 1. the pod's `meshbench.io/container-roles` annotation, when it names the container;
 * 2. ztunnel and waypoint pods, wherever they run (they run istio-proxy too: the pod decides);
 * 3. anything in a control-plane namespace, its gateway proxies included;
 * 4. a proxy container: sidecar cost only inside the variant's data-plane namespaces, elsewhere
 *    a gateway (an ingress/egress gateway is not a sidecar);
 * 5. the load generator (`lg-…` pods), else the app.
 */
export function classifyContainerRole(c: ContainerIdentity, ctx: RoleContext): ReportRole {
  const named = parseContainerRoles(c.annotations?.[CONTAINER_ROLES_ANNOTATION]).get(c.container);
  if (named) return named;
  if (c.pod.startsWith("ztunnel")) return "ztunnel";
  if (c.pod.includes("waypoint")) return "waypoint";
  if (ctx.controlPlaneNamespaces.includes(c.namespace)) return "control_plane";
  if (PROXY_CONTAINERS.includes(c.container))
    return ctx.dataPlaneNamespaces.includes(c.namespace) ? "proxy" : "gateway";
  if (c.pod.startsWith("lg-")) return "load_generator";
  return "app";
}

/**
 * A stored sample's role as the report books it. The sampler already classified it, but without
 * knowing the variant's data-plane namespaces: a "proxy" outside them (a gateway) moves out of
 * sidecar cost. Other roles stand as stored (an annotation may have named them).
 */
export function reportRoleOf(
  stored: string,
  namespace: string | null,
  dataPlaneNamespaces: readonly string[],
): ReportRole {
  if (stored === "proxy" && namespace !== null && !dataPlaneNamespaces.includes(namespace))
    return "gateway";
  return (REPORT_ROLES as readonly string[]).includes(stored) ? (stored as ReportRole) : "app";
}
