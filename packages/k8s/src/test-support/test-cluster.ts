/**
 * The shared kwok test cluster as the product opens it: the harness's kubeconfig text through
 * checkKubeconfig + openCluster under the `test` outbound policy (loopback only).
 */
import { parseOutboundPolicy } from "@meshbench/outbound";
import { testKubeconfig } from "@meshbench/testing/k8s";
import { checkKubeconfig } from "../cluster/kubeconfig";
import { openCluster } from "../cluster/open-cluster";
import { createKubeApis } from "../cluster/kube-apis";

export const TEST_POLICY = parseOutboundPolicy("test", "");

export function testConnection(text: string = testKubeconfig()) {
  return openCluster(
    { mode: "kubeconfig", kubeconfig: checkKubeconfig(text), context: null },
    { policy: TEST_POLICY },
  );
}

export const testApis = () => createKubeApis(testConnection());
