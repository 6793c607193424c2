import { PatchStrategy, type V1PodTemplateSpec } from "@kubernetes/client-node";
import {
  type BundleObject,
  describeBundleProblems,
  labelBundle,
  parseBundle,
} from "../manifests/bundle";
import type { Kube } from "./kube";
import { notReadyReason, ROLLOUT_KINDS, type RolloutStatus } from "./readiness";

const FIELD_MANAGER = "meshbench";

export class BundleError extends Error {}

/**
 * Applies a multi-document YAML bundle into `namespace` (server-side apply, so applying twice —
 * a resumed run — is a no-op), every object labelled with `labels`, its pod templates too.
 * Refuses the whole bundle before creating anything when the cluster policy refuses a document
 * (parseBundle: kinds off the allow-list, pods beyond Pod Security "baseline", reserved
 * annotations, other namespaces — the same check as when saving), or the apiserver's discovery
 * says a kind is cluster-scoped or not served.
 */
export async function applyBundle(
  k: Pick<Kube, "apis" | "count">,
  namespace: string,
  yamlText: string,
  labels: Record<string, string>,
  options: { podTemplate?: (template: V1PodTemplateSpec) => V1PodTemplateSpec } = {},
): Promise<BundleObject[]> {
  const { objects, problems } = parseBundle(yamlText, namespace);
  if (problems.length)
    throw new BundleError(`manifests refused: ${describeBundleProblems(problems)}`);
  for (const o of objects) {
    k.count();
    const namespaced = await k.apis.objects.isNamespaced(o.apiVersion, o.kind);
    if (namespaced === null)
      throw new BundleError(
        `manifests refused: ${o.kind} (${o.apiVersion}) is not served by this cluster (is its CRD installed?)`,
      );
    if (!namespaced)
      throw new BundleError(
        `manifests refused: ${o.kind} ${o.metadata.name} is cluster-scoped: only namespaced objects may be applied into a variant's namespace`,
      );
  }
  const applied = labelBundle(objects, namespace, labels, options.podTemplate);
  for (const o of applied) {
    k.count();
    await k.apis.objects.patch(
      o,
      undefined,
      undefined,
      FIELD_MANAGER,
      true,
      PatchStrategy.ServerSideApply,
    );
  }
  return applied;
}

/** Reads every object of the bundle back: the reasons the ones still rolling out are not ready. */
export async function bundleNotReady(
  k: Pick<Kube, "apis" | "count">,
  applied: BundleObject[],
): Promise<string[]> {
  const reasons: string[] = [];
  for (const o of applied) {
    if (!ROLLOUT_KINDS.includes(o.kind)) continue;
    k.count();
    const live = await k.apis.objects.read<BundleObject & RolloutStatus>({
      apiVersion: o.apiVersion,
      kind: o.kind,
      metadata: { name: o.metadata.name, namespace: o.metadata.namespace },
    });
    const reason = notReadyReason(live);
    if (reason) reasons.push(reason);
  }
  return reasons;
}
