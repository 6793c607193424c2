import { gatewayParametersProblems, gatewayParametersRef } from "./gateway-api";
import { kindKey } from "./kinds";
import { objectPolicyProblems } from "./objects";
import { asObj, type Obj, quote } from "./shapes";

/** One parsed document of a bundle: its 1-based position and the object. */
export type PolicyEntry<T extends object = object> = { document: number; object: T };
export type PolicyProblem = { document: number; message: string };

const nameOf = (o: Obj) => {
  const name = asObj(o.metadata)?.name;
  return typeof name === "string" ? name : "";
};
const describe = (o: Obj) => `${String(o.kind)} ${nameOf(o)}`.trim();

/**
 * Pod templates a controller builds for us from objects of the bundle: a waypoint Gateway's
 * `infrastructure.parametersRef` must name a ConfigMap of the same bundle (anything else could
 * not be checked), and that ConfigMap's overlays are checked like the user's own pods.
 */
function parameterProblems(entries: PolicyEntry<Obj>[]): PolicyProblem[] {
  const out: PolicyProblem[] = [];
  for (const { document, object } of entries) {
    if (
      kindKey(String(object.apiVersion), String(object.kind)) !==
      "gateway.networking.k8s.io/Gateway"
    )
      continue;
    const ref = gatewayParametersRef(asObj(object.spec) ?? {});
    if (!ref) continue;
    const problem = (message: string) =>
      out.push({ document, message: `${describe(object)}: ${message}` });
    if (ref.group !== "" || ref.kind !== "ConfigMap") {
      problem(
        `spec.infrastructure.parametersRef names ${quote(ref.kind)} of group ${quote(ref.group)}: only a ConfigMap of this bundle may hold a Gateway's parameters`,
      );
      continue;
    }
    const target = entries.find(
      (e) =>
        kindKey(String(e.object.apiVersion), String(e.object.kind)) === "/ConfigMap" &&
        asObj(e.object.metadata)?.name === ref.name,
    );
    if (!target) {
      problem(
        `spec.infrastructure.parametersRef names ConfigMap ${quote(ref.name)}, which is not in the manifests: add it to the same manifests so it can be checked`,
      );
      continue;
    }
    for (const p of gatewayParametersProblems(target.object))
      out.push({
        document: target.document,
        message: `${describe(target.object)} (parameters of Gateway ${nameOf(object)}): ${p}`,
      });
  }
  return out;
}

/**
 * What Meshbench's cluster policy refuses in a bundle (workload target or variant manifests):
 * each problem names its document and object, why, and what to do instead. Empty: it may be
 * applied. `namespace`: the one namespace objects may refer to (null when saving).
 */
export function bundlePolicyProblems(
  objects: PolicyEntry[],
  namespace: string | null,
): PolicyProblem[] {
  // Parsed YAML: any shape below the top level; every rule reads it through shapes.ts.
  const entries = objects.map((e) => ({ document: e.document, object: e.object as Obj }));
  const own = entries.flatMap(({ document, object }) =>
    objectPolicyProblems(object, namespace).map((message) => ({
      document,
      message: `${describe(object)}: ${message}`,
    })),
  );
  return [...own, ...parameterProblems(entries)];
}
