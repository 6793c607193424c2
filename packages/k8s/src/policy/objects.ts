import { gatewayProblems } from "./gateway-api";
import { kindKey, kindProblem, WORKLOAD_KINDS } from "./kinds";
import { templateAt } from "./pod-template";
import { serviceSpecProblems } from "./services";
import { asList, asObj, asObjects, asStringMap, type Obj, quote } from "./shapes";

/** Istio kinds whose `exportTo` defaults to the whole mesh ("*") when absent. */
const EXPORTED_KINDS = new Set([
  "networking.istio.io/VirtualService",
  "networking.istio.io/DestinationRule",
  "networking.istio.io/ServiceEntry",
]);

/**
 * Every `namespace` field anywhere in a spec (parentRefs, backendRefs, targetRef(s),
 * certificateRefs, delegates, Linkerd service accounts…) must be absent or the object's own:
 * nothing a benchmark creates may reach into another namespace. Nor may a claim (a StatefulSet's
 * volumeClaimTemplates, an ephemeral volume) bind another's PersistentVolume by `volumeName`.
 * `namespace` is null when saving.
 */
function namespaceReferences(value: unknown, path: string, namespace: string | null): string[] {
  if (Array.isArray(value))
    return value.flatMap((v, i) => namespaceReferences(v, `${path}[${i}]`, namespace));
  const o = asObj(value);
  if (!o) return [];
  return Object.entries(o).flatMap(([k, v]) => {
    const at = `${path}.${k}`;
    if (k === "namespace" && v !== undefined && v !== null && v !== "" && v !== namespace)
      return [
        `${at} ${quote(v)}: an object may not refer to another namespace; leave namespace out (everything is in the variant's namespace)`,
      ];
    if (k === "volumeName" && v)
      return [
        `${at} ${quote(v)}: a claim may not bind a pre-created PersistentVolume by name; leave volumeName out`,
      ];
    if (
      (k === "targetRef" || k === "targetRefs") &&
      asObjects(Array.isArray(v) ? v : [v]).some((r) => r.kind === "Namespace")
    )
      return [`${at}: a policy may target objects of its namespace by name, not a Namespace`];
    return namespaceReferences(v, at, namespace);
  });
}

function exportToProblem(spec: Obj): string | null {
  const exportTo = asList(spec.exportTo);
  if (exportTo.length === 1 && exportTo[0] === ".") return null;
  return spec.exportTo === undefined
    ? `spec.exportTo is absent, which exports it to the whole mesh: set exportTo: ["."]`
    : `spec.exportTo ${quote(spec.exportTo)}: only ["."] (this namespace) is allowed`;
}

function virtualServiceGateways(spec: Obj): string[] {
  return asList(spec.gateways)
    .filter((g) => typeof g !== "string" || g.includes("/"))
    .map(
      (g) =>
        `spec.gateways ${quote(g)}: a VirtualService may bind to "mesh" or a gateway of its own namespace only`,
    );
}

function metadataProblems(meta: Obj): string[] {
  const out: string[] = [];
  if (asList(meta.finalizers).length)
    out.push(
      "metadata.finalizers: they would keep the run's cleanup from deleting it; leave them out",
    );
  if (asList(meta.ownerReferences).length)
    out.push(
      "metadata.ownerReferences: Meshbench owns the lifecycle of what it applies; leave them out",
    );
  return out;
}

/**
 * What the policy refuses in one object of a bundle (without the other objects; see
 * bundle-policy.ts for references between them). Empty when the object may be applied.
 */
export function objectPolicyProblems(o: Obj, namespace: string | null): string[] {
  const apiVersion = String(o.apiVersion);
  const kind = String(o.kind);
  const refused = kindProblem(apiVersion, kind);
  if (refused) return [refused];
  const key = kindKey(apiVersion, kind);
  const meta = asObj(o.metadata) ?? {};
  const spec = asObj(o.spec) ?? {};
  const out = [...metadataProblems(meta), ...namespaceReferences(spec, "spec", namespace)];
  if (WORKLOAD_KINDS.has(key)) out.push(...templateAt(o, ["spec", "template"]));
  if (EXPORTED_KINDS.has(key)) {
    const problem = exportToProblem(spec);
    if (problem) out.push(problem);
  }
  if (key === "networking.istio.io/VirtualService") out.push(...virtualServiceGateways(spec));
  if (key === "/Service") out.push(...serviceSpecProblems(spec).map((p) => `spec.${p}`));
  if (key === "/Secret" && o.type === "kubernetes.io/service-account-token")
    out.push(
      "type kubernetes.io/service-account-token: a benchmark may not mint service-account tokens",
    );
  if (key === "gateway.networking.k8s.io/Gateway")
    out.push(...gatewayProblems(spec, asStringMap(meta.annotations)));
  return out;
}
