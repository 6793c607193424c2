/**
 * What a vitest global setup of a real-cluster layer does: start ONE cluster for every test file
 * of the run, hand its details to them, and at the end stop it and fail the run if anything of it
 * (or of its mesh) is left on the host. Used by global-setup.ts (real nodes) and
 * mesh-global-setup.ts (real mesh).
 */
import type { TestProject } from "vitest/node";
import { type MeshKind, startRealCluster } from "./index";
import "./provided-context";

export async function setupRealClusterLayer(
  project: TestProject,
  options: { nodes: number; mesh?: MeshKind },
) {
  const tag = options.mesh ? "real-mesh" : "real-node";
  const started = Date.now();
  const cluster = await startRealCluster(options);
  const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);
  console.log(
    `[${tag}] ${cluster.nodes.length} node(s)${cluster.mesh ? ` with ${cluster.mesh.kind} ${cluster.mesh.artifacts.version}` : ""} up in ${seconds(started)} s at ${cluster.server} (${cluster.plan.runDir})`,
  );
  project.provide("realNodeKubeconfig", cluster.kubeconfig);
  project.provide("realNodeNodes", cluster.nodes);
  project.provide("realNodePlan", JSON.stringify(cluster.plan));
  project.provide("realNodeFortioImage", cluster.images.fortio);
  project.provide(
    "realMesh",
    cluster.mesh
      ? JSON.stringify({
          kind: cluster.mesh.kind,
          namespace: cluster.mesh.namespace,
          source: cluster.mesh.artifacts.source,
          version: cluster.mesh.artifacts.version,
          provenance: cluster.mesh.artifacts.provenance,
        })
      : "",
  );
  return async () => {
    const stopping = Date.now();
    const left: string[] = [];
    if (cluster.mesh) {
      await cluster.mesh.uninstall();
      left.push(...cluster.mesh.leftovers());
      console.log(
        `[${tag}] ${cluster.mesh.kind} uninstalled in ${seconds(stopping)} s; left in nodes and root: ${left.length || "nothing"}`,
      );
    }
    await cluster.stop();
    left.push(...cluster.leftovers());
    console.log(
      `[${tag}] stopped in ${seconds(stopping)} s; left behind: ${left.length || "nothing"}`,
    );
    if (left.length) throw new Error(`${tag} teardown left:\n${left.join("\n")}`);
  };
}
