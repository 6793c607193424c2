import type { KubernetesObject, V1PodTemplateSpec } from "@kubernetes/client-node";
import { parseAllDocuments } from "yaml";
import type { TEntryPoint } from "@meshbench/contracts";

/** One thing wrong with a manifest bundle: which document (1-based) and why. */
export type BundleProblem = { document: number | null; message: string };

export type BundleObject = KubernetesObject & {
  apiVersion: string;
  kind: string;
  metadata: NonNullable<KubernetesObject["metadata"]> & { name: string };
};

/**
 * Kinds that live outside any namespace. A bundle is applied into a variant's namespace and
 * removed with it: a cluster-scoped object would outlive the run and touch other tenants. Kinds
 * not listed (CRDs) are checked against the apiserver's discovery when applied.
 */
export const CLUSTER_SCOPED_KINDS = new Set([
  "Namespace",
  "Node",
  "PersistentVolume",
  "ClusterRole",
  "ClusterRoleBinding",
  "CustomResourceDefinition",
  "StorageClass",
  "RuntimeClass",
  "IngressClass",
  "GatewayClass",
  "APIService",
  "MutatingWebhookConfiguration",
  "ValidatingWebhookConfiguration",
  "ValidatingAdmissionPolicy",
  "ValidatingAdmissionPolicyBinding",
  "CSIDriver",
  "CSINode",
  "VolumeAttachment",
  "CertificateSigningRequest",
  "FlowSchema",
  "PriorityLevelConfiguration",
]);

/** Workload kinds whose pod template gets the run's labels too (so their pods are found). */
export const POD_TEMPLATE_KINDS = new Set([
  "Deployment",
  "StatefulSet",
  "DaemonSet",
  "ReplicaSet",
  "Job",
]);

const NAME = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;

function describe(o: unknown) {
  const obj = o as { kind?: unknown; metadata?: { name?: unknown } };
  const kind = typeof obj?.kind === "string" ? obj.kind : "object";
  const name = typeof obj?.metadata?.name === "string" ? ` ${obj.metadata.name}` : "";
  return `${kind}${name}`;
}

function objectProblem(o: unknown, namespace: string | null): string | null {
  if (typeof o !== "object" || o === null || Array.isArray(o))
    return "is not a Kubernetes object (a YAML mapping)";
  const obj = o as Record<string, unknown>;
  if (typeof obj.apiVersion !== "string" || !obj.apiVersion) return "has no apiVersion";
  if (typeof obj.kind !== "string" || !obj.kind) return "has no kind";
  if (obj.kind === "List" || obj.kind.endsWith("List"))
    return `${obj.kind}: give the items as separate documents`;
  const meta = obj.metadata as Record<string, unknown> | undefined;
  if (typeof meta?.name !== "string" || !NAME.test(meta.name))
    return `${obj.kind}: metadata.name must be a lowercase DNS name`;
  if (CLUSTER_SCOPED_KINDS.has(obj.kind))
    return `${describe(o)} is cluster-scoped: only namespaced objects may be applied into a variant's namespace`;
  const ns = meta.namespace;
  if (ns !== undefined && ns !== null && ns !== "" && (namespace === null || ns !== namespace))
    return `${describe(o)} names namespace ${JSON.stringify(ns)}: leave metadata.namespace out, every object goes into the variant's namespace`;
  return null;
}

/**
 * Parses a multi-document YAML bundle and checks what can be checked without a cluster: every
 * document a named, namespaced object in no other namespace. `namespace` is the one namespace an
 * object may name (null when saving, before any namespace exists).
 */
export function parseBundle(
  text: string,
  namespace: string | null = null,
): { objects: BundleObject[]; problems: BundleProblem[] } {
  const parsed = parseAllDocuments(text);
  const documents = Array.isArray(parsed) ? parsed : [];
  const broken = documents.findIndex((d) => d.errors.length > 0);
  if (broken >= 0) {
    const message = documents[broken]!.errors[0]!.message.split("\n")[0];
    return {
      objects: [],
      problems: [{ document: broken + 1, message: `not valid YAML: ${message}` }],
    };
  }
  const docs: unknown[] = documents.map((d) => d.toJS({ maxAliasCount: 100 }) as unknown);
  const objects: BundleObject[] = [];
  const problems: BundleProblem[] = [];
  const seen = new Set<string>();
  docs.forEach((doc, i) => {
    if (doc === null || doc === undefined) return; // an empty document (e.g. a trailing ---)
    const problem = objectProblem(doc, namespace);
    if (problem) return problems.push({ document: i + 1, message: problem });
    const o = doc as BundleObject;
    const key = `${o.apiVersion}/${o.kind}/${o.metadata.name}`;
    if (seen.has(key))
      return problems.push({ document: i + 1, message: `${describe(o)} appears twice` });
    seen.add(key);
    objects.push(o);
  });
  if (objects.length === 0 && problems.length === 0)
    problems.push({ document: null, message: "has no objects" });
  return { objects, problems };
}

type ServicePort = { port?: number; name?: string };

/** The entry must be a Service of the bundle with that port (when the bundle defines it). */
export function entryProblem(objects: BundleObject[], entry: TEntryPoint): string | null {
  const svc = objects.find((o) => o.kind === "Service" && o.metadata.name === entry.service);
  if (!svc) return `entry service "${entry.service}" is not a Service in the manifests`;
  const ports = ((svc as { spec?: { ports?: ServicePort[] } }).spec?.ports ?? []).map(
    (p) => p.port,
  );
  if (!ports.includes(entry.port))
    return `entry port ${entry.port} is not a port of Service ${entry.service} (${ports.join(", ") || "none"})`;
  return null;
}

/** One sentence per problem, "document 2: …", for a BAD_REQUEST message. */
export function describeBundleProblems(problems: BundleProblem[]) {
  return problems
    .map((p) => (p.document === null ? p.message : `document ${p.document}: ${p.message}`))
    .join("; ");
}

/**
 * The objects as applied: into `namespace`, with `labels` on each object and on the pod
 * templates of workload kinds (so cleanup, sampling and placement find their pods). Selectors
 * are left alone: extra template labels never break a selector.
 */
export function labelBundle(
  objects: BundleObject[],
  namespace: string,
  labels: Record<string, string>,
  /** A further change to every pod template (e.g. a variant's pod annotations and containers). */
  podTemplate?: (template: V1PodTemplateSpec) => V1PodTemplateSpec,
): BundleObject[] {
  return objects.map((o) => {
    const copy = structuredClone(o);
    copy.metadata.namespace = namespace;
    copy.metadata.labels = { ...copy.metadata.labels, ...labels };
    if (POD_TEMPLATE_KINDS.has(copy.kind)) {
      const spec = ((copy as { spec?: Record<string, unknown> }).spec ??= {});
      const template = (spec.template ??= {}) as { metadata?: { labels?: object } };
      template.metadata ??= {};
      template.metadata.labels = { ...template.metadata.labels, ...labels };
      if (podTemplate) spec.template = podTemplate(template as V1PodTemplateSpec);
    }
    return copy;
  });
}
