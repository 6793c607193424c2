/**
 * Vitest global setup for the real-mesh layer (vitest.real-mesh.config.ts): ONE 1-node cluster
 * with Istio ambient installed, shared by every *.real-mesh.test.ts of a run. Its teardown
 * uninstalls the mesh and fails the run if istio-cni or ztunnel left anything in the node or on
 * the machine (layer-setup.ts). scripts/test-real-mesh.sh decides before whether the layer runs.
 */
import type { TestProject } from "vitest/node";
import { setupRealClusterLayer } from "./layer-setup";

export default async function setup(project: TestProject) {
  return setupRealClusterLayer(project, { nodes: 1, mesh: "istio-ambient" });
}
