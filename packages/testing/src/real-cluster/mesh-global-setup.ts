/**
 * Vitest global setup for the real-mesh layer (vitest.real-mesh.config.ts): ONE 2-node cluster
 * with Istio ambient installed, shared by every *.real-mesh.test.ts of a run. Two nodes, because
 * the templates put the load generator on another node than the server (and a meshed client's
 * traffic then crosses two ztunnels, as write-ups A and E measured). Its teardown
 * uninstalls the mesh and fails the run if istio-cni or ztunnel left anything in the node or on
 * the machine (layer-setup.ts). scripts/test-real-mesh.sh decides before whether the layer runs.
 */
import type { TestProject } from "vitest/node";
import { setupRealClusterLayer } from "./layer-setup";

export default async function setup(project: TestProject) {
  return setupRealClusterLayer(project, { nodes: 2, mesh: "istio-ambient" });
}
