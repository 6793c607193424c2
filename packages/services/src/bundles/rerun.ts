import {
  ZEnvironmentFingerprint,
  type TBenchmarkDefinition,
  type TClusterView,
  type TRerunPlan,
} from "@meshbench/contracts";
import { diffFingerprints, environmentFingerprint } from "@meshbench/core";

/**
 * What "run this again on cluster X" would change, before it starts: the run's recorded
 * fingerprint against the one the cluster's last validation and detection give for the same
 * definition (the cluster, its nodes, Kubernetes and mesh versions; Fortio and the target come
 * from the snapshot, so they match unless the run's own record differs).
 */
export function rerunDifferences(
  run: { environment: Record<string, unknown> | null },
  cluster: TClusterView,
  definition: TBenchmarkDefinition,
): Pick<TRerunPlan, "differences" | "notes"> {
  const recorded = ZEnvironmentFingerprint.safeParse(run.environment?.fingerprint);
  if (!recorded.success)
    return {
      differences: [],
      notes: ["The run recorded no environment fingerprint: nothing to compare the cluster with."],
    };
  const notes: string[] = [];
  const facts = { serverVersion: cluster.serverVersion, nodes: cluster.nodes };
  const fingerprint = environmentFingerprint(
    cluster.name,
    facts,
    cluster.detectedMeshes,
    definition,
  );
  const known = cluster.detectedMeshes
    ? fingerprint
    : { ...fingerprint, meshVersions: recorded.data.meshVersions };
  if (!cluster.detectedMeshes)
    notes.push("The cluster's meshes were never detected: mesh versions are not compared.");
  if (!cluster.nodes) notes.push("The cluster was never validated: its nodes are unknown.");
  return { differences: diffFingerprints(recorded.data, known), notes };
}

/** The first free key for the new benchmark: `<key>-rerun`, then `-rerun-2`, … */
export async function freeRerunKey(key: string, taken: (key: string) => Promise<boolean>) {
  for (let i = 1; i < 100; i++) {
    const suffix = i === 1 ? "-rerun" : `-rerun-${i}`;
    const candidate = `${key.slice(0, 64 - suffix.length)}${suffix}`;
    if (!(await taken(candidate))) return candidate;
  }
  return `${key.slice(0, 50)}-rerun-${Date.now().toString(36)}`;
}
