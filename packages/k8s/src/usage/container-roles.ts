import {
  CONTAINER_ROLES_ANNOTATION,
  type TResourceRole,
  ZResourceRole,
} from "@meshbench/contracts";

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
