/**
 * The shared kwok test cluster as the product opens it: the harness's kubeconfig text through
 * checkKubeconfig + openCluster under the `test` outbound policy (loopback only), and the steps'
 * dependencies over it as the gateway builds them.
 */
import { parseOutboundPolicy } from "@meshbench/outbound";
import { testKubeconfig } from "@meshbench/testing/k8s";
import { checkKubeconfig } from "../cluster/kubeconfig";
import { createKubeApis } from "../cluster/kube-apis";
import { openCluster } from "../cluster/open-cluster";
import type { Kube } from "../steps/kube";
import { loadGenerators } from "../steps/load-generator";

export const TEST_POLICY = parseOutboundPolicy("test", "");

export function testConnection(text: string = testKubeconfig()) {
  return openCluster(
    { mode: "kubeconfig", kubeconfig: checkKubeconfig(text), context: null },
    { policy: TEST_POLICY },
  );
}

export const testApis = () => createKubeApis(testConnection());

/** The steps' dependencies over the test cluster; `calls` counts their apiserver requests. */
export function testKube(pollMs = 200): Kube & { calls: () => number } {
  let calls = 0;
  return { apis: testApis(), count: () => void (calls += 1), pollMs, calls: () => calls };
}

/** Load generators over the test cluster (their Fortio servers through the pod proxy). */
export const testLoadGenerators = (k: Kube) => loadGenerators(k, testConnection());
