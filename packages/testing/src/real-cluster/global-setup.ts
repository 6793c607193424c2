/**
 * Vitest global setup for the real-node suite: ONE cluster shared by every real-node test file
 * of a run. Teardown stops it and fails the run if anything of it is left on the host.
 */
import type { TestProject } from "vitest/node";
import { realNodeSkipped, startRealCluster } from "./index";
import "./provided-context";

export default async function setup(project: TestProject) {
  if (realNodeSkipped()) return;
  const started = Date.now();
  const cluster = await startRealCluster({ nodes: 2 });
  const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);
  console.log(
    `[real-node] ${cluster.nodes.length} nodes up in ${seconds(started)} s at ${cluster.server} (${cluster.plan.runDir})`,
  );
  project.provide("realNodeKubeconfig", cluster.kubeconfig);
  project.provide("realNodeNodes", cluster.nodes);
  project.provide("realNodePlan", JSON.stringify(cluster.plan));
  project.provide("realNodeFortioImage", cluster.images.fortio);
  return async () => {
    const stopping = Date.now();
    await cluster.stop();
    const left = cluster.leftovers();
    console.log(
      `[real-node] stopped in ${seconds(stopping)} s; left behind: ${left.length || "nothing"}`,
    );
    if (left.length) throw new Error(`real-node teardown left:\n${left.join("\n")}`);
  };
}
