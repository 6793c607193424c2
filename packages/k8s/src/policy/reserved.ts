import { parse } from "yaml";
import { asObj, quote } from "./shapes";

/**
 * Pod annotations a mesh's injector reads to change what it injects: other images, volumes from
 * the node, custom templates, privileged init containers (core dumps, conntrack sysctls),
 * NET_ADMIN interception. The injector adds those with its own rights, so a benchmark may not
 * ask for them.
 */
export const RESERVED_POD_ANNOTATIONS: ReadonlySet<string> = new Set([
  "sidecar.istio.io/userVolume",
  "sidecar.istio.io/userVolumeMount",
  "sidecar.istio.io/proxyImage",
  "sidecar.istio.io/proxyImageType",
  "sidecar.istio.io/bootstrapOverride",
  "sidecar.istio.io/templates",
  "inject.istio.io/templates",
  "sidecar.istio.io/enableCoreDump",
  "sidecar.istio.io/interceptionMode",
  "proxy.istio.io/overrides",
  "config.linkerd.io/enable-debug-sidecar",
  "config.linkerd.io/close-wait-timeout",
]);
/** Linkerd's configuration annotations that pick an injected image or its version. */
const LINKERD_CONFIG = /^config(\.alpha|\.beta)?\.linkerd\.io\/.*(image|version)/;

/** `proxy.istio.io/config` (a ProxyConfig) may tune the proxy, not point it at other files. */
export const PROXY_CONFIG_ANNOTATION = "proxy.istio.io/config";
export const PROXY_CONFIG_KEYS: ReadonlySet<string> = new Set([
  "concurrency",
  "drainDuration",
  "terminationDrainDuration",
  "holdApplicationUntilProxyStarts",
  "proxyStatsMatcher",
  "extraStatTags",
  "tracing",
  "proxyHeaders",
]);

/** Namespace labels/annotations that admission plugins or policy engines read as exemptions. */
export const RESERVED_NAMESPACE_LABELS = [
  "pod-security.kubernetes.io/",
  "security.openshift.io/",
  "openshift.io/run-level",
  "kubernetes.io/metadata.name",
] as const;
export const RESERVED_NAMESPACE_ANNOTATIONS = [
  "pod-security.kubernetes.io/",
  "scheduler.alpha.kubernetes.io/",
  "openshift.io/sa.scc.",
  "openshift.io/node-selector",
] as const;

function proxyConfigProblem(value: string): string | null {
  let parsed: unknown;
  try {
    parsed = parse(value, { maxAliasCount: 10 });
  } catch {
    return `${PROXY_CONFIG_ANNOTATION} is not valid YAML`;
  }
  const config = asObj(parsed);
  if (!config) return `${PROXY_CONFIG_ANNOTATION} must be a ProxyConfig mapping`;
  const other = Object.keys(config).filter((k) => !PROXY_CONFIG_KEYS.has(k));
  return other.length
    ? `${PROXY_CONFIG_ANNOTATION} sets ${other.join(", ")}: a benchmark may set only ${[...PROXY_CONFIG_KEYS].join(", ")} (the others name files, binaries, images or control-plane addresses)`
    : null;
}

/** Reserved pod annotations among these (each with why); empty when none. */
export function reservedPodAnnotationProblems(annotations: Record<string, string>): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(annotations)) {
    if (RESERVED_POD_ANNOTATIONS.has(key) || LINKERD_CONFIG.test(key))
      out.push(
        `annotation ${key} is reserved: it changes what the mesh injects (images, volumes, templates or privileges); leave it to the mesh's installation`,
      );
    if (key === PROXY_CONFIG_ANNOTATION) {
      const problem = proxyConfigProblem(value);
      if (problem) out.push(problem);
    }
  }
  return out;
}

const reserved = (key: string, list: readonly string[]) =>
  list.some((r) => (r.endsWith("/") || r.endsWith(".") ? key.startsWith(r) : key === r));

/** A variant namespace's labels and annotations that are reserved, by field. */
export function namespaceMetadataProblems(
  labels: Record<string, string>,
  annotations: Record<string, string>,
): { field: "labels" | "annotations"; message: string }[] {
  const why = (key: string, value: string) =>
    `${key}=${quote(value)} is reserved: Pod Security and admission exemptions of the namespace are Meshbench's (it labels every benchmark namespace with Pod Security "baseline"); remove it`;
  return [
    ...Object.entries(labels)
      .filter(([k]) => reserved(k, RESERVED_NAMESPACE_LABELS))
      .map(([k, v]) => ({ field: "labels" as const, message: `label ${why(k, v)}` })),
    ...Object.entries(annotations)
      .filter(([k]) => reserved(k, RESERVED_NAMESPACE_ANNOTATIONS))
      .map(([k, v]) => ({ field: "annotations" as const, message: `annotation ${why(k, v)}` })),
  ];
}
