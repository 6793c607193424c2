import type { ClusterGateway } from "@meshbench/k8s";
import type { RunExecutionService } from "@meshbench/services";

/**
 * Removes namespaces left behind by runs that are over (finished, cancelled, or deleted) —
 * orphans of a worker that crashed before its cleanup. Running runs are left alone: pg-boss
 * hands them to another worker, which resumes them in the same namespaces.
 */
export async function sweepOrphans(
  gw: ClusterGateway,
  execution: Pick<RunExecutionService, "statuses">,
) {
  const namespaces = await gw.listRunNamespaces();
  if (namespaces.length === 0) return [];
  const runIds = [...new Set(namespaces.map((n) => n.runId))];
  const statuses = await execution.statuses(runIds);
  const over = runIds.filter((id) => {
    const s = statuses.get(id);
    return s === undefined || s === "succeeded" || s === "failed" || s === "cancelled";
  });
  const removed: string[] = [];
  for (const runId of over) removed.push(...(await gw.cleanup(runId)));
  return removed;
}
