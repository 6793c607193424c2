import { parseDocument } from "yaml";
import { WAYPOINT_CLASS } from "../manifests/labels";
import { podAnnotationProblems, templateAt } from "./pod-template";
import { serviceSpecProblems } from "./services";
import { asObj, asObjects, asStringMap, type Obj, quote } from "./shapes";

/**
 * Gateway API Gateways: only waypoints (class istio-waypoint, which Kmesh reuses). Other classes
 * make a controller create a Service of type LoadBalancer reachable from outside the cluster.
 * A Gateway may not ask for addresses, accept routes from other namespaces or steer the
 * controller through annotations (service type, service account, the name of what it creates).
 */
const CONTROLLER_ANNOTATIONS = /^(gateway\.istio\.io\/|networking\.istio\.io\/service-type$)/;

export function gatewayProblems(spec: Obj, annotations: Record<string, string>): string[] {
  const out: string[] = [];
  if (spec.gatewayClassName !== WAYPOINT_CLASS)
    out.push(
      `gatewayClassName ${quote(spec.gatewayClassName ?? "")}: a benchmark's Gateway may only be a waypoint (class ${WAYPOINT_CLASS}); other classes expose a load balancer outside the cluster`,
    );
  if (asObjects(spec.addresses).length)
    out.push("spec.addresses: a benchmark's Gateway may not ask for addresses; leave them out");
  asObjects(spec.listeners).forEach((l, i) => {
    const from = asObj(asObj(l.allowedRoutes)?.namespaces)?.from;
    if (from !== undefined && from !== "Same")
      out.push(
        `listeners[${i}].allowedRoutes.namespaces.from ${quote(from)}: only routes of the Gateway's own namespace may attach (Same)`,
      );
  });
  for (const key of Object.keys(annotations).filter((k) => CONTROLLER_ANNOTATIONS.test(k)))
    out.push(`annotation ${key} steers the gateway controller; leave it out`);
  const infrastructure = asObj(spec.infrastructure);
  out.push(
    ...podAnnotationProblems(asStringMap(infrastructure?.annotations)).map(
      (p) => `spec.infrastructure: ${p}`,
    ),
  );
  return out;
}

/** The ConfigMap a Gateway names in `spec.infrastructure.parametersRef`, if any. */
export function gatewayParametersRef(
  spec: Obj,
): { group: unknown; kind: unknown; name: unknown } | null {
  const ref = asObj(asObj(spec.infrastructure)?.parametersRef);
  return ref ? { group: ref.group ?? "", kind: ref.kind, name: ref.name } : null;
}

/** Keys istiod reads from a Gateway's parameters ConfigMap (each a YAML overlay it merges). */
export const GATEWAY_PARAMETER_KEYS = [
  "deployment",
  "service",
  "serviceAccount",
  "horizontalPodAutoscaler",
  "podDisruptionBudget",
] as const;

function overlay(key: string, text: string): { value: Obj | null; problem: string | null } {
  const doc = parseDocument(text, { uniqueKeys: true });
  if (doc.errors.length)
    return {
      value: null,
      problem: `data.${key} is not valid YAML: ${doc.errors[0]!.message.split("\n")[0]}`,
    };
  try {
    const value = asObj(doc.toJS({ maxAliasCount: 100 }));
    return value
      ? { value, problem: null }
      : { value: null, problem: `data.${key} must be a YAML mapping` };
  } catch {
    return { value: null, problem: `data.${key} has too many YAML aliases` };
  }
}

/**
 * A waypoint's parameters ConfigMap: istiod merges `deployment` into a Deployment it creates with
 * its own rights, so its pod template is checked like the user's own; `service` like a Service.
 */
export function gatewayParametersProblems(configMap: Obj): string[] {
  const data = asObj(configMap.data) ?? {};
  const out: string[] = [];
  if (asObj(configMap.binaryData))
    out.push("binaryData: a Gateway's parameters are YAML text under data");
  for (const [key, text] of Object.entries(data)) {
    if (!(GATEWAY_PARAMETER_KEYS as readonly string[]).includes(key)) {
      out.push(
        `data.${key}: a Gateway's parameters may hold only ${GATEWAY_PARAMETER_KEYS.join(", ")}`,
      );
      continue;
    }
    if (typeof text !== "string") {
      out.push(`data.${key} must be YAML text`);
      continue;
    }
    const { value, problem } = overlay(key, text);
    if (problem || !value) {
      out.push(problem ?? `data.${key} is empty`);
      continue;
    }
    if (key === "deployment")
      out.push(...templateAt(value, ["spec", "template"]).map((p) => `data.deployment: ${p}`));
    if (key === "service")
      out.push(...serviceSpecProblems(asObj(value.spec) ?? {}).map((p) => `data.service: ${p}`));
  }
  return out;
}
