import type { KubeConfig } from "@kubernetes/client-node";
import { DomainError } from "@meshbench/contracts";
import { inClusterKubeConfig, kubeConfigFor } from "./kubeconfig";
import type { KubeconfigVault } from "./kubeconfig-vault";

/** A cluster's stored credentials as the database holds them (sealed). */
export type SealedClusterAuth = {
  authMode: "kubeconfig" | "in_cluster";
  kubeconfigCiphertext: Uint8Array | null;
  kubeconfigKeyId: string | null;
  context: string | null;
};

/** Opens the sealed kubeconfig (or uses the pod's service account) into a KubeConfig. */
export function kubeConfigForCluster(
  sealed: SealedClusterAuth,
  vault: KubeconfigVault,
  workspaceId: string,
): KubeConfig {
  if (sealed.authMode === "in_cluster") return inClusterKubeConfig();
  if (!sealed.kubeconfigCiphertext || !sealed.kubeconfigKeyId) {
    throw new DomainError("PRECONDITION_FAILED", "The cluster has no stored kubeconfig");
  }
  let text: string;
  try {
    text = vault.open(
      { ciphertext: sealed.kubeconfigCiphertext, keyId: sealed.kubeconfigKeyId },
      workspaceId,
    );
  } catch {
    throw new DomainError(
      "PRECONDITION_FAILED",
      "The cluster's kubeconfig cannot be decrypted with the configured keys",
    );
  }
  return kubeConfigFor(text, sealed.context);
}
