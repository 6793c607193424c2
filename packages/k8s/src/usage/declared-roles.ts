import { CONTAINER_ROLES_ANNOTATION } from "@meshbench/contracts";
import { type ContainerRoles, parseContainerRoles } from "@meshbench/core";
import type { KubeApis } from "../cluster/kube-apis";

/** The roles a pod declares (empty when it has no annotation). */
export function podContainerRoles(annotations: Record<string, string> | undefined) {
  return parseContainerRoles(annotations?.[CONTAINER_ROLES_ANNOTATION]);
}

/** namespace → pod → the roles its annotation declares (empty map when none). */
export type RolesCache = Map<string, Map<string, ContainerRoles>>;

type Deps = { apis: KubeApis; count: () => void; cache: RolesCache };

/**
 * The container roles pods declare (`meshbench.io/container-roles`), for any pod a sample names:
 * user workloads and variant extra containers alike. Metrics sources give names only, so pods
 * are listed per namespace — once, and again only when a sample names a pod not seen yet (a
 * restart or a new replica), so steady sampling costs no extra API calls.
 */
export async function declaredRoles(
  deps: Deps,
  readings: readonly { namespace: string; pod: string }[],
) {
  const stale = new Set(
    readings.filter((r) => !deps.cache.get(r.namespace)?.has(r.pod)).map((r) => r.namespace),
  );
  for (const namespace of stale) {
    deps.count();
    const pods = await deps.apis.core.listNamespacedPod({ namespace }).catch(() => null);
    if (!pods) continue;
    const byPod = new Map<string, ContainerRoles>();
    for (const p of pods.items)
      byPod.set(p.metadata?.name ?? "", podContainerRoles(p.metadata?.annotations));
    // A pod the sample names but the list lacks (already gone) is remembered as undeclared.
    for (const r of readings)
      if (r.namespace === namespace && !byPod.has(r.pod)) byPod.set(r.pod, new Map());
    deps.cache.set(namespace, byPod);
  }
  return (r: { namespace: string; pod: string }) => deps.cache.get(r.namespace)?.get(r.pod);
}
