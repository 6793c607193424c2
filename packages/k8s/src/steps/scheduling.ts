import type { V1Pod } from "@kubernetes/client-node";

/**
 * How long a pod may stay unschedulable before a wait gives up with the scheduler's reason
 * instead of its full timeout: long enough for a cluster autoscaler to add a node, short enough
 * that "0/2 nodes are available: … anti-affinity" does not look like a hung run.
 */
export const UNSCHEDULABLE_GRACE_MS = 60_000;

/** The scheduler's message for the first pod it cannot place (PodScheduled=False/Unschedulable). */
export function unschedulableReason(pods: readonly V1Pod[]): string | null {
  for (const pod of pods) {
    if (pod.metadata?.deletionTimestamp) continue;
    const scheduled = pod.status?.conditions?.find((c) => c.type === "PodScheduled");
    if (scheduled?.status === "False" && scheduled.reason === "Unschedulable")
      return `pod ${pod.metadata?.name ?? "?"} cannot be scheduled: ${scheduled.message ?? "no node fits it"}`;
  }
  return null;
}
