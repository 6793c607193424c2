import { parseOutboundPolicy } from "@meshbench/outbound";
import type { ClusterConnectionRules } from "./cluster-access";

/** The cluster settings an app validated from its environment (web and worker alike). */
export type ClusterSettings = {
  mode: "local" | "production";
  /** `MESHBENCH_OUTBOUND_POLICY`; default: the mode's own (production → production, local → local). */
  outboundPolicy: string | undefined;
  /** `MESHBENCH_OUTBOUND_ALLOW`: CIDRs (production: private ranges; test: the test cluster's). */
  outboundAllow: string | undefined;
  /** `MESHBENCH_IN_CLUSTER_WORKSPACES`: workspace ids that may use in-cluster mode. */
  inClusterWorkspaces: string | undefined;
  /** `KUBERNETES_SERVICE_HOST`/`_PORT`, set by Kubernetes inside a pod. */
  kubernetesServiceHost: string | undefined;
  kubernetesServicePort: string | undefined;
};

/**
 * The rules both processes apply to reaching clusters. A production deployment cannot relax
 * its policy to `local` or `test`; a bad range fails the start with its position.
 */
export function clusterRules(settings: ClusterSettings): ClusterConnectionRules {
  const mode = settings.outboundPolicy ?? settings.mode;
  if (settings.mode === "production" && mode !== "production")
    throw new Error(
      "MESHBENCH_OUTBOUND_POLICY: production mode uses the production policy (allow private ranges with MESHBENCH_OUTBOUND_ALLOW)",
    );
  let outboundPolicy;
  try {
    outboundPolicy = parseOutboundPolicy(mode, settings.outboundAllow);
  } catch (error) {
    throw new Error(`MESHBENCH_OUTBOUND_*: ${(error as Error).message}`, { cause: error });
  }
  const workspaceIds = (settings.inClusterWorkspaces ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    outboundPolicy,
    inCluster: workspaceIds.length
      ? {
          workspaceIds,
          serviceHost: settings.kubernetesServiceHost ?? null,
          servicePort: settings.kubernetesServicePort ?? null,
        }
      : null,
  };
}
