import {
  type KubeConfig,
  KubernetesObjectApi,
  type KubernetesObject,
  loadAllYaml,
} from "@kubernetes/client-node";
import { describeKubeError, statusCode } from "./kube-apis";
import { LABELS, runLabels } from "./labels";

/**
 * A variant's extra manifests (waypoint `Gateway`, PeerAuthentication, Telemetry, a proxy's
 * Service…): parsed, stamped into the variant's namespace with the run's labels, created through
 * the generic object API (so any CRD the cluster knows is validated by the apiserver itself),
 * then waited for. They live in the variant's namespace, so the run's cleanup (namespace
 * deletion) removes them with it.
 */
export type ManifestObject = KubernetesObject & {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace: string; labels: Record<string, string> };
};

export const VARIANT_MANIFEST_COMPONENT = "variant-manifest";

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Parses the bundle; throws with the document's position and what is wrong with it. */
export function parseVariantManifests(
  yaml: string,
  target: { runId: string; variant: string; namespace: string },
): ManifestObject[] {
  // Documents one by one: client-node's loader fails a whole bundle on an empty document
  // (`---` twice, a trailing `---`), and an error can then name its document.
  const docs: unknown[] = [];
  for (const [i, text] of splitYamlDocuments(yaml).entries()) {
    try {
      docs.push(...(loadAllYaml(text) as unknown[]));
    } catch (error) {
      throw new Error(
        `variant manifests, document ${i + 1}: not valid YAML: ${(error as Error).message.split("\n")[0]}`,
        { cause: error },
      );
    }
  }
  return docs
    .filter((d) => d !== null && d !== undefined)
    .map((doc, i) => {
      const where = `variant manifests, document ${i + 1}`;
      if (!isRecord(doc)) throw new Error(`${where}: not an object`);
      const meta = isRecord(doc.metadata) ? doc.metadata : {};
      if (typeof doc.apiVersion !== "string" || typeof doc.kind !== "string")
        throw new Error(`${where}: apiVersion and kind are required`);
      if (typeof meta.name !== "string" || !meta.name)
        throw new Error(`${where} (${doc.kind}): metadata.name is required`);
      if (meta.namespace !== undefined && meta.namespace !== target.namespace)
        throw new Error(
          `${where} (${doc.kind}/${meta.name}): namespace ${JSON.stringify(meta.namespace)} is not the variant's (${target.namespace}); leave it out`,
        );
      const labels = isRecord(meta.labels) ? (meta.labels as Record<string, string>) : {};
      return {
        ...doc,
        apiVersion: doc.apiVersion,
        kind: doc.kind,
        metadata: {
          ...meta,
          name: meta.name,
          namespace: target.namespace,
          labels: {
            ...labels,
            ...runLabels(target.runId, target.variant),
            [LABELS.component]: VARIANT_MANIFEST_COMPONENT,
          },
        },
      };
    });
}

/** The bundle's documents with any content (comments and blank documents dropped). */
export function splitYamlDocuments(yaml: string): string[] {
  const docs: string[][] = [[]];
  for (const line of yaml.split("\n")) {
    if (/^---(\s|$)/.test(line)) docs.push([]);
    else docs.at(-1)!.push(line);
  }
  return docs
    .map((lines) => lines.join("\n"))
    .filter((d) => d.split("\n").some((l) => l.trim() && !l.trim().startsWith("#")));
}

export const objectRef = (o: { kind: string; metadata: { name: string } }) =>
  `${o.kind}/${o.metadata.name}`;

/** The generic object API, with its (protected) discovery lookup made usable. */
export class ManifestApi extends KubernetesObjectApi {
  static forConfig(kc: KubeConfig): ManifestApi {
    const client = kc.makeApiClient(ManifestApi);
    client.setDefaultNamespace(kc);
    return client;
  }
  /** Whether the cluster serves this kind, and whether it is namespaced. */
  async lookup(apiVersion: string, kind: string) {
    const r = await this.resource(apiVersion, kind).catch((error: unknown) => {
      if (statusCode(error) === 404) return undefined;
      throw error;
    });
    return r ? { namespaced: r.namespaced } : null;
  }
}

/**
 * Creates each object (one that already exists is kept: names are deterministic, so a resumed
 * worker applies the same bundle). Returns a problem naming the object and the apiserver's
 * reason, or null. Cluster-scoped kinds are refused: cleanup removes the namespace only.
 */
export async function applyVariantManifests(
  api: ManifestApi,
  objects: ManifestObject[],
  count: () => void,
): Promise<string | null> {
  for (const o of objects) {
    count();
    let kind: { namespaced: boolean } | null;
    try {
      kind = await api.lookup(o.apiVersion, o.kind);
    } catch (error) {
      return `${objectRef(o)}: ${describeKubeError(error)}`;
    }
    if (!kind)
      return `${objectRef(o)}: the cluster does not serve ${o.apiVersion} ${o.kind} (is its CRD installed?)`;
    if (!kind.namespaced)
      return `${objectRef(o)}: ${o.kind} is cluster-scoped; variant manifests must be namespaced`;
    count();
    try {
      await api.create(o);
    } catch (error) {
      if (statusCode(error) !== 409)
        return `${objectRef(o)} was refused: ${describeKubeError(error)}`;
    }
  }
  return null;
}

/** What is not ready yet: Deployments not available, Gateways not `Programmed`. */
export async function manifestsNotReady(
  api: ManifestApi,
  objects: ManifestObject[],
  count: () => void,
): Promise<string[]> {
  const out: string[] = [];
  for (const o of objects) {
    const group = o.apiVersion.split("/")[0];
    const isDeployment = o.kind === "Deployment" && group === "apps";
    const isGateway = o.kind === "Gateway" && group === "gateway.networking.k8s.io";
    if (!isDeployment && !isGateway) continue;
    count();
    const live = (await api.read(o).catch(() => null)) as Record<string, unknown> | null;
    const status = isRecord(live?.status) ? live.status : {};
    if (isDeployment) {
      const spec = isRecord(live?.spec) ? live.spec : {};
      const want = typeof spec.replicas === "number" ? spec.replicas : 1;
      const available = typeof status.availableReplicas === "number" ? status.availableReplicas : 0;
      if (available < want) out.push(`${objectRef(o)}: ${available} of ${want} replicas available`);
    } else {
      const programmed = gatewayCondition(status, "Programmed");
      if (programmed?.status !== "True")
        out.push(
          `${objectRef(o)}: not Programmed${programmed ? ` (${programmed.reason}${programmed.message ? `: ${programmed.message}` : ""})` : " (no status yet: is a controller for its class running?)"}`,
        );
    }
  }
  return out;
}

export type Condition = { type: string; status: string; reason: string; message: string };

/** A condition from a Gateway's status (Gateway API's `status.conditions`). */
export function gatewayCondition(status: unknown, type: string): Condition | null {
  const conditions = isRecord(status) && Array.isArray(status.conditions) ? status.conditions : [];
  const c = (conditions as unknown[]).find((x) => isRecord(x) && x.type === type);
  if (!isRecord(c)) return null;
  const s = (v: unknown) => (typeof v === "string" ? v : "");
  return { type, status: s(c.status), reason: s(c.reason), message: s(c.message) };
}
