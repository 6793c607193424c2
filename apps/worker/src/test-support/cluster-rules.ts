/**
 * The outbound rules worker tests run under: the `test` policy (loopback only for the kwok
 * cluster; loopback and the real-node cluster's bridge for real nodes), as e2e/soak/fuzz do.
 */
import { checkKubeconfig, openCluster } from "@meshbench/k8s";
import { parseOutboundPolicy } from "@meshbench/outbound";
import { realNodeKubeconfig, realNodePlan } from "@meshbench/testing/real-cluster-context";

export const kwokClusterRules = () => ({ outboundPolicy: parseOutboundPolicy("test", "") });

export const realNodeClusterRules = () => ({
  outboundPolicy: parseOutboundPolicy("test", realNodePlan().bridgeCidr),
});

/** The real-node cluster opened as the product opens a registered cluster. */
export const realNodeConnection = () =>
  openCluster(
    { mode: "kubeconfig", kubeconfig: checkKubeconfig(realNodeKubeconfig()), context: null },
    { policy: realNodeClusterRules().outboundPolicy },
  );
