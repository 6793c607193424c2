import { msToSeconds } from "@meshbench/contracts";
import type { ClusterGateway } from "@meshbench/k8s";
import type { ClusterAccess, RunExecutionService } from "@meshbench/services";

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

export type SweepOptions = {
  /** One cluster's share of a sweep; a cluster that hangs is left behind, not waited for. */
  perClusterTimeoutMs?: number;
  /** Clusters swept at once. */
  concurrency?: number;
};

class SweepTimeout extends Error {}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SweepTimeout(`no answer in ${msToSeconds(ms)} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * One round over every registered cluster of every workspace, each opened within its workspace
 * (so a stored kubeconfig today's rules refuse is refused here too, and recorded). Clusters are
 * swept a few at a time, each within its own deadline: one hanging or hostile cluster cannot stall
 * the others. Failures are logged by cluster id with a category, never with what a server said.
 */
export async function sweepEveryCluster(
  access: Pick<ClusterAccess, "listEveryWorkspace" | "open">,
  execution: Pick<RunExecutionService, "statuses">,
  log: (msg: string) => void,
  options: SweepOptions = {},
) {
  const queue = [...(await access.listEveryWorkspace())];
  const timeoutMs = options.perClusterTimeoutMs ?? 60_000;
  const one = async (c: { workspaceId: string; clusterId: string }) => {
    try {
      const removed = await within(
        access
          .open(c.workspaceId, c.clusterId)
          .then(({ gateway }) => sweepOrphans(gateway, execution)),
        timeoutMs,
      );
      if (removed.length) log(`sweeper removed ${removed.join(", ")}`);
    } catch (error) {
      // retried on the next sweep
      const why = error instanceof SweepTimeout ? error.message : "unreachable or refused";
      log(`sweeper skipped cluster ${c.clusterId}: ${why}`);
    }
  };
  const lanes = Array.from({ length: Math.max(1, options.concurrency ?? 4) }, async () => {
    for (let c = queue.shift(); c; c = queue.shift()) await one(c);
  });
  await Promise.all(lanes);
}
