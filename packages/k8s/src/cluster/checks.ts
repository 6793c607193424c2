import {
  isOptionalPermission,
  type TClusterValidation,
  type TMeshDetection,
} from "@meshbench/contracts";
import { nodeInventory } from "./inventory";
import { remoteFacts } from "./remote-text";
import { detectMeshes, type WorkloadInfo } from "./detection";
import type { ClusterFacts } from "../gateway";
import type { KubeApis } from "./kube-apis";
import { describePermission, REQUIRED_PERMISSIONS } from "./permissions";

/** One counted apiserver request (the gateway counts them for cost figures). */
export type Call = <T>(fn: (apis: KubeApis) => Promise<T>) => Promise<T>;

/** The server's version and its nodes, for a run's fingerprint. */
export async function clusterFacts(call: Call): Promise<ClusterFacts> {
  const version = await call((a) => a.version.getCode());
  const nodes = await call((a) => a.core.listNode());
  return { serverVersion: version.gitVersion, nodes: nodeInventory(nodes.items) };
}

/** Reachability, version, nodes and which required permissions are missing. */
export async function validateCluster(
  call: Call,
  describe: (error: unknown) => string,
): Promise<TClusterValidation> {
  let facts: ClusterFacts;
  try {
    const version = await call((a) => a.version.getCode());
    // A server that is not quite Kubernetes may leave gitVersion out: that is "unknown", not a 500.
    const gitVersion = (version as { gitVersion?: unknown }).gitVersion;
    facts = { serverVersion: typeof gitVersion === "string" ? gitVersion : null, nodes: null };
  } catch (error) {
    const msg = describe(error);
    return {
      reachable: false,
      serverVersion: null,
      nodes: null,
      permissions: [],
      missing: [],
      error: msg,
    };
  }
  const permissions = await Promise.all(
    REQUIRED_PERMISSIONS.map(async (p) => {
      const review = await call((a) =>
        a.authz.createSelfSubjectAccessReview({
          body: {
            apiVersion: "authorization.k8s.io/v1",
            kind: "SelfSubjectAccessReview",
            spec: {
              resourceAttributes: {
                verb: p.verb,
                group: p.group,
                resource: p.resource,
                subresource: p.subresource,
              },
            },
          },
        }),
      );
      return { ...p, allowed: review.status?.allowed === true };
    }),
  );
  try {
    facts.nodes = nodeInventory((await call((a) => a.core.listNode())).items);
  } catch {
    facts.nodes = null;
  }
  const missing = permissions
    .filter((p) => !p.allowed)
    .map((p) => describePermission(p) + (isOptionalPermission(p) ? " (optional)" : ""));
  return remoteFacts({ reachable: true, ...facts, permissions, missing, error: null });
}

/** Which meshes (and metrics sources) the cluster runs, from its workloads and namespaces. */
export async function detectClusterMeshes(
  call: Call,
  prometheusUrl: string | null,
  now: Date,
): Promise<TMeshDetection> {
  const [deployments, daemonSets, namespaces] = await Promise.all([
    call((a) => a.apps.listDeploymentForAllNamespaces()),
    call((a) => a.apps.listDaemonSetForAllNamespaces()),
    call((a) => a.core.listNamespace()),
  ]);
  const toInfo =
    (kind: WorkloadInfo["kind"]) =>
    (w: (typeof deployments.items)[number] | (typeof daemonSets.items)[number]) => ({
      kind,
      namespace: w.metadata?.namespace ?? "",
      name: w.metadata?.name ?? "",
      labels: w.metadata?.labels ?? {},
      images: (w.spec?.template.spec?.containers ?? []).map((c) => c.image ?? ""),
    });
  const groups = await call((a) => a.apis.getAPIVersions());
  const metricsServer = groups.groups.some((g) => g.name === "metrics.k8s.io");
  return remoteFacts(
    detectMeshes({
      workloads: [
        ...deployments.items.map(toInfo("Deployment")),
        ...daemonSets.items.map(toInfo("DaemonSet")),
      ],
      namespaces: namespaces.items.map((n) => ({
        name: n.metadata?.name ?? "",
        labels: n.metadata?.labels ?? {},
      })),
      metricsServer,
      prometheusUrl,
      now,
    }),
  );
}
