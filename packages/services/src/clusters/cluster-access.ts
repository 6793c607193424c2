import { DomainError, type TClusterAuth } from "@meshbench/contracts";
import type { ClusterRepository } from "@meshbench/db";
import {
  checkKubeconfig,
  type ClusterConnection,
  type ClusterCredentials,
  type ClusterGateway,
  type InClusterAccess,
  openCluster,
} from "@meshbench/k8s";
import {
  OutboundRefusedError,
  resolveAllowed,
  type OutboundPolicy,
  type Resolver,
} from "@meshbench/outbound";
import type { SecretVault } from "../secrets/vault";

/** How a connection becomes a gateway; the cluster's Prometheus URL is known from the start. */
export type GatewayFactory = (
  connection: ClusterConnection,
  cluster: { prometheusUrl: string | null },
) => ClusterGateway;

/**
 * The deployment's rules for reaching clusters: the outbound address policy (validated by the
 * app from `MESHBENCH_OUTBOUND_*`), and which workspaces may use in-cluster mode (an operator
 * decision, `MESHBENCH_IN_CLUSTER_WORKSPACES`). Without a policy no cluster is opened at all.
 */
export type ClusterConnectionRules = {
  outboundPolicy: OutboundPolicy | null;
  inCluster?: InClusterAccess | null;
  /** Tests inject a resolver whose answer changes between calls. */
  resolver?: Resolver;
};

export type ClusterAccessDeps = {
  clusters: ClusterRepository;
  vault: SecretVault;
  gatewayFor: GatewayFactory;
  rules: ClusterConnectionRules;
};

/**
 * "Which clusters, with which credentials": the one way the web app (validation, detection) and
 * the worker (runs, the sweeper) reach a cluster. Every kubeconfig — uploaded now or stored
 * before today's rules — passes `checkKubeconfig` before anything connects, and every connection
 * obeys the outbound policy. What is then fetched from the cluster is the gateway's business.
 */
export function createClusterAccess({ clusters, vault, gatewayFor, rules }: ClusterAccessDeps) {
  const outboundPolicy = () => {
    if (!rules.outboundPolicy)
      throw new DomainError(
        "PRECONDITION_FAILED",
        "No outbound address policy is configured: clusters cannot be reached",
      );
    return rules.outboundPolicy;
  };
  const connect = (credentials: ClusterCredentials) =>
    openCluster(credentials, { policy: outboundPolicy(), resolver: rules.resolver });

  return {
    gatewayFor,
    vault,
    outboundPolicy,

    /**
     * A new kubeconfig or in-cluster choice from a request: checked and opened, nothing stored.
     * The API server's address is judged now too, so a refused one is a 400 on the request
     * rather than a stored cluster (and it is judged again at every connection).
     */
    async connectNew(workspaceId: string, auth: TClusterAuth) {
      if (auth.mode === "in_cluster")
        return connect({ mode: "in_cluster", access: rules.inCluster ?? null, workspaceId });
      const connection = connect({
        mode: "kubeconfig",
        kubeconfig: checkKubeconfig(auth.kubeconfig),
        context: auth.context ?? null,
      });
      try {
        await resolveAllowed(outboundPolicy(), new URL(connection.server).hostname, rules.resolver);
      } catch (error) {
        if (!(error instanceof OutboundRefusedError)) throw error;
        throw new DomainError(
          "BAD_REQUEST",
          `the API server's address is refused: ${error.message}`,
          "auth.kubeconfig",
        );
      }
      return connection;
    },

    /**
     * The cluster's stored record and a gateway to it; NOT_FOUND when it is not registered here.
     * A stored kubeconfig the rules now refuse is recorded as the cluster's status (`refused`)
     * and opens nothing.
     */
    async open(workspaceId: string, clusterId: string) {
      const sealed = await clusters.getSecret(workspaceId, clusterId);
      if (!sealed) throw new DomainError("NOT_FOUND", "Cluster not found", "clusterId");
      let credentials: ClusterCredentials;
      if (sealed.authMode === "in_cluster") {
        credentials = { mode: "in_cluster", access: rules.inCluster ?? null, workspaceId };
      } else {
        const text = openSealed(vault, sealed, workspaceId).plaintext;
        try {
          credentials = {
            mode: "kubeconfig",
            kubeconfig: checkKubeconfig(text),
            context: sealed.context,
          };
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          const message = `The stored kubeconfig is no longer accepted (${error.message}): update the cluster's credentials`;
          await clusters.recordRefusal(workspaceId, clusterId, message);
          throw new DomainError("PRECONDITION_FAILED", message, "clusterId");
        }
      }
      const connection = connect(credentials);
      return { sealed, gateway: gatewayFor(connection, { prometheusUrl: sealed.prometheusUrl }) };
    },

    /** Every registered cluster of every workspace (the orphan sweeper's round). */
    listEveryWorkspace: () => clusters.listEveryWorkspace(),
  };
}

/** A cluster's kubeconfig is bound to its workspace and its name (unique there, never renamed). */
export const kubeconfigBinding = (workspaceId: string, clusterName: string) =>
  ({ workspaceId, purpose: "kubeconfig", name: clusterName }) as const;

/** The stored kubeconfig's text, and whether it should be sealed again (older key or scheme). */
export function openSealed(
  vault: SecretVault,
  sealed: { name: string; kubeconfigCiphertext: Uint8Array | null; kubeconfigKeyId: string | null },
  workspaceId: string,
) {
  if (!sealed.kubeconfigCiphertext || !sealed.kubeconfigKeyId)
    throw new DomainError("PRECONDITION_FAILED", "The cluster has no stored kubeconfig");
  try {
    return vault.openSealed(kubeconfigBinding(workspaceId, sealed.name), {
      ciphertext: sealed.kubeconfigCiphertext,
      keyId: sealed.kubeconfigKeyId,
    });
  } catch {
    throw new DomainError(
      "PRECONDITION_FAILED",
      "The cluster's kubeconfig cannot be decrypted with the configured keys",
    );
  }
}

export type ClusterAccess = ReturnType<typeof createClusterAccess>;
