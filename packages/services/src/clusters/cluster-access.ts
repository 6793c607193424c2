import type { KubeConfig } from "@kubernetes/client-node";
import { DomainError } from "@meshbench/contracts";
import type { ClusterRepository } from "@meshbench/db";
import { kubeConfigForCluster, type ClusterGateway, type KubeconfigVault } from "@meshbench/k8s";

/** How a KubeConfig becomes a gateway; the cluster's Prometheus URL is known from the start. */
export type GatewayFactory = (
  kubeConfig: KubeConfig,
  cluster: { prometheusUrl: string | null },
) => ClusterGateway;

export type ClusterAccessDeps = {
  clusters: ClusterRepository;
  vault: KubeconfigVault;
  gatewayFor: GatewayFactory;
};

/**
 * "Which clusters, with which credentials": opens a registered cluster's sealed kubeconfig into a
 * gateway. What is then fetched from the cluster is the gateway's business. The one way the web
 * app (validation, detection) and the worker (runs, the sweeper) reach a cluster.
 */
export function createClusterAccess({ clusters, vault, gatewayFor }: ClusterAccessDeps) {
  return {
    gatewayFor,
    vault,
    /** The cluster's stored record and a gateway to it; NOT_FOUND when it is not registered here. */
    async open(workspaceId: string, clusterId: string) {
      const sealed = await clusters.getSecret(workspaceId, clusterId);
      if (!sealed) throw new DomainError("NOT_FOUND", "Cluster not found", "clusterId");
      const kubeConfig = kubeConfigForCluster(sealed, vault, workspaceId);
      return { sealed, gateway: gatewayFor(kubeConfig, { prometheusUrl: sealed.prometheusUrl }) };
    },
    /** Every registered cluster of every workspace (the orphan sweeper's round). */
    listEveryWorkspace: () => clusters.listEveryWorkspace(),
  };
}

export type ClusterAccess = ReturnType<typeof createClusterAccess>;
