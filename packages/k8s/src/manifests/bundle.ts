import type { KubernetesObject, V1PodTemplateSpec } from "@kubernetes/client-node";
import { parseAllDocuments } from "yaml";
import type { TEntryPoint } from "@meshbench/contracts";
import { bundlePolicyProblems, type PolicyEntry } from "../policy/bundle-policy";
import { kindKey, WORKLOAD_KINDS } from "../policy/kinds";

/** One thing wrong with a manifest bundle: which document (1-based) and why. */
type BundleProblem = { document: number | null; message: string };

export type BundleObject = KubernetesObject & {
  apiVersion: string;
  kind: string;
  metadata: NonNullable<KubernetesObject["metadata"]> & { name: string };
};

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
  const ns = meta.namespace;
  if (ns !== undefined && ns !== null && ns !== "" && (namespace === null || ns !== namespace))
    return `${describe(o)} names namespace ${JSON.stringify(ns)}: leave metadata.namespace out, every object goes into the variant's namespace`;
  return null;
}

/** Aliases one document may expand: a "billion laughs" bundle stops here (a 400, not a 500). */
const MAX_ALIASES = 100;

function toObjects(text: string): { docs: unknown[]; problem: BundleProblem | null } {
  const parsed = parseAllDocuments(text);
  const documents = Array.isArray(parsed) ? parsed : [];
  const broken = documents.findIndex((d) => d.errors.length > 0);
  if (broken >= 0) {
    const message = documents[broken]!.errors[0]!.message.split("\n")[0];
    return { docs: [], problem: { document: broken + 1, message: `not valid YAML: ${message}` } };
  }
  const docs: unknown[] = [];
  for (const [i, d] of documents.entries()) {
    try {
      docs.push(d.toJS({ maxAliasCount: MAX_ALIASES }));
    } catch (error) {
      // yaml throws past maxAliasCount (resource exhaustion) and for an unresolved alias.
      const text = error instanceof Error ? error.message : String(error);
      const message = text.includes("Excessive alias")
        ? `expands more than ${MAX_ALIASES} YAML aliases: write the objects out instead of aliasing them`
        : `not valid YAML: ${text.split("\n")[0]}`;
      return { docs: [], problem: { document: i + 1, message } };
    }
  }
  return { docs, problem: null };
}

/**
 * Parses a multi-document YAML bundle and checks what can be checked without a cluster: every
 * document a named object in no other namespace, and everything Meshbench's cluster policy
 * (policy/) refuses — kinds off the allow-list, pod specs beyond Pod Security "baseline",
 * reserved annotations, references into other namespaces. `namespace` is the one namespace an
 * object may name (null when saving, before any namespace exists). Save and apply both call it.
 */
export function parseBundle(
  text: string,
  namespace: string | null = null,
): { objects: BundleObject[]; problems: BundleProblem[] } {
  const { docs, problem } = toObjects(text);
  if (problem) return { objects: [], problems: [problem] };
  const entries: PolicyEntry<BundleObject>[] = [];
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
    entries.push({ document: i + 1, object: o });
  });
  problems.push(...bundlePolicyProblems(entries, namespace));
  problems.sort((a, b) => (a.document ?? 0) - (b.document ?? 0));
  const refused = new Set(problems.map((p) => p.document));
  const objects = entries.filter((e) => !refused.has(e.document)).map((e) => e.object);
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
    if (WORKLOAD_KINDS.has(kindKey(copy.apiVersion, copy.kind))) {
      const spec = ((copy as { spec?: Record<string, unknown> }).spec ??= {});
      const template = (spec.template ??= {}) as { metadata?: { labels?: object } };
      template.metadata ??= {};
      template.metadata.labels = { ...template.metadata.labels, ...labels };
      if (podTemplate) spec.template = podTemplate(template as V1PodTemplateSpec);
    }
    return copy;
  });
}
