/**
 * Vitest global setup for the real-node suite: ONE 2-node cluster shared by every real-node test
 * file of a run (layer-setup.ts).
 */
import type { TestProject } from "vitest/node";
import { realNodeSkipped } from "./index";
import { setupRealClusterLayer } from "./layer-setup";

export default async function setup(project: TestProject) {
  if (realNodeSkipped()) return;
  return setupRealClusterLayer(project, { nodes: 2 });
}
