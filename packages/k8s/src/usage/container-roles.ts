import {
  CONTAINER_ROLES_ANNOTATION,
  type TResourceRole,
  ZResourceRole,
} from "@meshbench/contracts";
import { PROXY_CONTAINERS } from "../steps/mesh-check";

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

/** The roles a pod declares (empty when it has no annotation). */
export function podContainerRoles(annotations: Record<string, string> | undefined) {
  return parseContainerRoles(annotations?.[CONTAINER_ROLES_ANNOTATION]);
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
  if (PROXY_CONTAINERS.includes(s.container)) return "proxy";
  if (ctx.controlPlaneNamespaces.includes(s.namespace)) return "control_plane";
  if (s.pod.startsWith("lg-")) return "load_generator";
  return "app";
}
