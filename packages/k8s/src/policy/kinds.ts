import { quote } from "./shapes";

/**
 * Which kinds a benchmark may create in its variant's namespace: an allow-list by API group and
 * kind (a deny-list would let every kind nobody thought of through). Everything else is refused
 * before anything is applied. The README's "What a benchmark may create on your cluster" lists
 * the same entries (a unit test holds the two together).
 */
export const ALLOWED_KINDS = [
  { group: "", kinds: ["Service", "ConfigMap", "Secret", "ServiceAccount"] },
  { group: "apps", kinds: ["Deployment", "StatefulSet"] },
  { group: "policy", kinds: ["PodDisruptionBudget"] },
  { group: "networking.k8s.io", kinds: ["NetworkPolicy"] },
  {
    group: "networking.istio.io",
    kinds: ["VirtualService", "DestinationRule", "ServiceEntry", "Sidecar"],
  },
  {
    group: "security.istio.io",
    kinds: ["PeerAuthentication", "AuthorizationPolicy", "RequestAuthentication"],
  },
  { group: "telemetry.istio.io", kinds: ["Telemetry"] },
  { group: "gateway.networking.k8s.io", kinds: ["Gateway", "HTTPRoute", "GRPCRoute"] },
  {
    group: "policy.linkerd.io",
    kinds: [
      "Server",
      "ServerAuthorization",
      "AuthorizationPolicy",
      "HTTPRoute",
      "MeshTLSAuthentication",
      "NetworkAuthentication",
    ],
  },
  { group: "linkerd.io", kinds: ["ServiceProfile"] },
] as const;

/** Kinds whose pod template Meshbench labels and checks against Pod Security "baseline". */
export const WORKLOAD_KINDS: ReadonlySet<string> = new Set(["apps/Deployment", "apps/StatefulSet"]);

/** Refusals that deserve their own reason (key: `group/kind`, or `group/*` for a whole group). */
const REFUSED: Record<string, string> = {
  "rbac.authorization.k8s.io/*":
    "RBAC objects would grant rights with the cluster credentials Meshbench holds; grant what a benchmark needs yourself (infra/rbac)",
  "/Namespace":
    "every variant runs in the namespace Meshbench creates for it; leave namespaces out",
  "admissionregistration.k8s.io/*":
    "webhooks and admission policies act on the whole cluster; install them yourself",
  "apiextensions.k8s.io/*": "CustomResourceDefinitions are cluster-scoped; install them yourself",
  "networking.istio.io/EnvoyFilter":
    "an EnvoyFilter patches proxies' configuration with arbitrary filters; use VirtualService, DestinationRule or Telemetry",
  "extensions.istio.io/WasmPlugin":
    "a WasmPlugin loads code from any URL into the proxies; install it yourself",
  "networking.istio.io/Gateway":
    "an Istio Gateway's selector reaches gateway pods of other namespaces; use a Gateway API Gateway (istio-waypoint) instead",
  "gateway.networking.k8s.io/ReferenceGrant":
    "a ReferenceGrant lets other namespaces refer to this one; objects stay in their own namespace",
  "/Endpoints": "hand-written endpoints send a Service's traffic to any address; use a selector",
  "discovery.k8s.io/EndpointSlice":
    "hand-written endpoints send a Service's traffic to any address; use a selector",
  "/Pod": "give pods through a Deployment or StatefulSet",
};

/** The API group of an apiVersion ("v1" → core ""). */
export function apiGroup(apiVersion: string): string {
  const slash = apiVersion.lastIndexOf("/");
  return slash < 0 ? "" : apiVersion.slice(0, slash);
}

export function kindKey(apiVersion: string, kind: string): string {
  return `${apiGroup(apiVersion)}/${kind}`;
}

const ALLOWED: ReadonlySet<string> = new Set(
  ALLOWED_KINDS.flatMap((g) => g.kinds.map((k) => `${g.group}/${k}`)),
);

/** Why a benchmark may not create this kind, or null when it may (matched on group and kind). */
export function kindProblem(apiVersion: string, kind: string): string | null {
  const key = kindKey(apiVersion, kind);
  if (ALLOWED.has(key)) return null;
  const group = apiGroup(apiVersion);
  const reason = REFUSED[key] ?? REFUSED[`${group}/*`];
  const what = `${kind} of API group ${group ? quote(group) : "core"}`;
  if (reason) return `a benchmark may not create a ${what}: ${reason}`;
  return `${what} is not on the list of kinds a benchmark may create (README: "What a benchmark may create on your cluster")`;
}
