/**
 * Vitest global setup for the cluster suite: a real apiserver + kwok (k8s-testenv.ts) shared by
 * the test files of one run, torn down (every process stopped) at the end.
 */
import type { TestProject } from "vitest/node";
import { startK8sTestEnv } from "./k8s-testenv";
import "./k8s-provided-context";

export default async function setup(project: TestProject) {
  const started = Date.now();
  const env = await startK8sTestEnv({ nodes: 3 });
  console.log(
    `[k8s-testenv] up in ${((Date.now() - started) / 1000).toFixed(1)} s at ${env.server} (${env.dir})`,
  );
  project.provide("k8sKubeconfig", env.kubeconfig);
  project.provide("k8sServer", env.server);
  project.provide("k8sKwokAddress", env.kwokUrl);
  project.provide("k8sCerts", JSON.stringify(env.certs));
  project.provide("k8sBinDir", env.binDir);
  project.provide("k8sNodes", env.nodes);
  return () => env.stop();
}
