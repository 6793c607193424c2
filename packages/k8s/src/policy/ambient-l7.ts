import type { TVariant } from "@meshbench/contracts";
import type { BundleObject } from "../manifests/bundle";
import { asList, asObj, asObjects, type Obj } from "./shapes";

/** Meshes whose L4 node proxy (ztunnel, Kmesh's daemon) enforces policy unless a waypoint does. */
const WAYPOINT_MESHES: readonly TVariant["mesh"][] = ["istio-ambient", "kmesh"];

const L7_OPERATION = ["hosts", "notHosts", "methods", "notMethods", "paths", "notPaths"];
const L7_SOURCE = [
  "requestPrincipals",
  "notRequestPrincipals",
  "remoteIpBlocks",
  "notRemoteIpBlocks",
];
/** `when` keys ztunnel can evaluate; any other (request.headers, request.auth.…) is L7. */
const L4_CONDITION = /^(source\.(ip|namespace|principal)|destination\.(ip|port)|connection\.sni)$/;

/** What makes an AuthorizationPolicy need an L7 proxy (Istio's "Considerations for authorization policies"). */
function l7Reason(spec: Obj): string | null {
  const action = spec.action;
  if (action === "CUSTOM" || action === "AUDIT") return `action ${action}`;
  for (const rule of asObjects(spec.rules)) {
    for (const to of asObjects(rule.to)) {
      const op = asObj(to.operation) ?? {};
      const field = L7_OPERATION.find((f) => asList(op[f]).length);
      if (field) return `to.operation.${field}`;
    }
    for (const from of asObjects(rule.from)) {
      const source = asObj(from.source) ?? {};
      const field = L7_SOURCE.find((f) => asList(source[f]).length);
      if (field) return `from.source.${field}`;
    }
    const key = asObjects(rule.when)
      .map((w) => w.key)
      .find((k) => typeof k === "string" && !L4_CONDITION.test(k));
    if (typeof key === "string") return `when ${key}`;
  }
  return null;
}

/**
 * Istio ambient (and Kmesh, which reuses its APIs) enforce an AuthorizationPolicy in the node
 * proxy unless it is attached to a waypoint with `targetRefs`; the node proxy cannot read HTTP, so
 * an ALLOW policy with L7 rules becomes a DENY of everything there (Istio's documented
 * fail-safe) and the variant would measure refusals. Refused when saving: an L7 policy needs the
 * variant's `waypoint` and `targetRefs` (the waypoint Gateway or the target's Service).
 */
export function ambientL7Problems(variant: TVariant, objects: BundleObject[]): string[] {
  if (!WAYPOINT_MESHES.includes(variant.mesh)) return [];
  return objects.flatMap((o) => {
    if (o.kind !== "AuthorizationPolicy" || !o.apiVersion.startsWith("security.istio.io/"))
      return [];
    const spec = asObj((o as { spec?: unknown }).spec) ?? {};
    const reason = l7Reason(spec);
    if (!reason) return [];
    const what = `AuthorizationPolicy ${o.metadata.name} has an L7 rule (${reason})`;
    if (!variant.waypoint)
      return [
        `${what} but the ${variant.mesh} variant has no waypoint: ztunnel cannot evaluate it and denies every request (Istio's fail-safe); set the variant's waypoint and attach the policy with targetRefs`,
      ];
    if (!asObjects(spec.targetRefs).length && !asObj(spec.targetRef))
      return [
        `${what} but selects pods instead of attaching to the waypoint: ztunnel enforces it and denies every request; use targetRefs (the waypoint Gateway or the target's Service)`,
      ];
    return [];
  });
}
