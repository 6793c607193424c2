import {
  KubernetesObjectApi,
  PatchStrategy,
  type V1PodTemplateSpec,
} from "@kubernetes/client-node";
import { type ClusterConnection, connectionInternals } from "../cluster/open-cluster";
import { statusCode } from "../cluster/kube-apis";
import {
  type BundleObject,
  describeBundleProblems,
  labelBundle,
  parseBundle,
} from "../manifests/bundle";

const FIELD_MANAGER = "meshbench";

/** client-node's generic object client, plus whether a kind is namespaced (its discovery). */
export class BundleClient extends KubernetesObjectApi {
  static fromConnection(connection: ClusterConnection): BundleClient {
    return connectionInternals(connection).kubeConfig.makeApiClient(BundleClient);
  }

  async isNamespaced(apiVersion: string, kind: string): Promise<boolean | null> {
    // Discovery throws for an API group the cluster does not serve at all.
    const resource = await this.resource(apiVersion, kind).catch(() => undefined);
    return resource ? resource.namespaced : null;
  }
}

/** The client and, optionally, a counter of apiserver requests (the gateway's cost figures). */
export type BundleKube = {
  client: BundleClient;
  onCall?: () => void;
  /** The connection's error wording (an apiserver's reason only when it is TLS-verified). */
  describe: (error: unknown) => string;
};

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
  kube: BundleKube,
  namespace: string,
  yamlText: string,
  labels: Record<string, string>,
  options: { podTemplate?: (template: V1PodTemplateSpec) => V1PodTemplateSpec } = {},
): Promise<BundleObject[]> {
  const { objects, problems } = parseBundle(yamlText, namespace);
  if (problems.length)
    throw new BundleError(`manifests refused: ${describeBundleProblems(problems)}`);
  for (const o of objects) {
    kube.onCall?.();
    const namespaced = await kube.client.isNamespaced(o.apiVersion, o.kind);
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
    kube.onCall?.();
    await kube.client.patch(
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

/** Deletes what `applyBundle` created (absent objects are fine); the namespace stays. */
export async function deleteBundle(kube: BundleKube, namespace: string, yamlText: string) {
  const { objects } = parseBundle(yamlText, namespace);
  for (const o of objects) {
    kube.onCall?.();
    await kube.client
      .delete(
        { ...o, metadata: { ...o.metadata, namespace } },
        undefined,
        undefined,
        undefined,
        undefined,
        "Background",
      )
      .catch((error: unknown) => {
        if (statusCode(error) !== 404) throw error;
      });
  }
}

type Status = {
  metadata?: { generation?: number };
  spec?: { replicas?: number };
  status?: {
    observedGeneration?: number;
    availableReplicas?: number;
    readyReplicas?: number;
    updatedReplicas?: number;
    conditions?: { type?: string; status?: string; reason?: string }[];
  };
};

/** Why a freshly read object is not ready yet, or null (kinds without a rollout are ready). */
export function notReadyReason(o: BundleObject & Status): string | null {
  const want = o.spec?.replicas ?? 1;
  const s = o.status ?? {};
  const name = `${o.kind} ${o.metadata.name}`;
  // Gateways have no top-level observedGeneration (theirs is per condition): only kinds that
  // report one are checked, else a Programmed Gateway would never count as ready.
  if (s.observedGeneration !== undefined && s.observedGeneration < (o.metadata.generation ?? 0))
    return `${name} not observed yet`;
  if (
    o.kind === "Deployment" &&
    ((s.availableReplicas ?? 0) < want || (s.updatedReplicas ?? 0) < want)
  )
    return `${name}: ${s.availableReplicas ?? 0}/${want} available`;
  if (o.kind === "StatefulSet" && (s.readyReplicas ?? 0) < want)
    return `${name}: ${s.readyReplicas ?? 0}/${want} ready`;
  if (o.kind === "Gateway") {
    const programmed = s.conditions?.find((c) => c.type === "Programmed");
    if (programmed?.status !== "True")
      return `${name} not Programmed${programmed?.reason ? ` (${programmed.reason})` : ""}`;
  }
  return null;
}

/** Reads every object of the bundle back: the reasons the ones still rolling out are not ready. */
export async function bundleNotReady(kube: BundleKube, applied: BundleObject[]): Promise<string[]> {
  const reasons: string[] = [];
  for (const o of applied) {
    if (!["Deployment", "StatefulSet", "Gateway"].includes(o.kind)) continue;
    kube.onCall?.();
    const live = await kube.client.read<BundleObject & Status>({
      apiVersion: o.apiVersion,
      kind: o.kind,
      metadata: { name: o.metadata.name, namespace: o.metadata.namespace },
    });
    const reason = notReadyReason(live);
    if (reason) reasons.push(reason);
  }
  return reasons;
}
