import type { V1Pod } from "@kubernetes/client-node";
import { call, type Kube, sleep, type WaitInput } from "./kube";
import { UNSCHEDULABLE_GRACE_MS, unschedulableReason } from "./scheduling";

/** What the mesh check and placement need to know about a pod. */
export type PodInfo = {
  name: string;
  nodeName: string | null;
  annotations: Record<string, string>;
  containers: string[];
  /** Init containers with restartPolicy Always (native sidecars) count as containers. */
  sidecarInitContainers: string[];
};

function toPodInfo(p: V1Pod): PodInfo {
  return {
    name: p.metadata?.name ?? "",
    nodeName: p.spec?.nodeName ?? null,
    annotations: p.metadata?.annotations ?? {},
    containers: (p.spec?.containers ?? []).map((c) => c.name),
    sidecarInitContainers: (p.spec?.initContainers ?? [])
      .filter((c) => c.restartPolicy === "Always")
      .map((c) => c.name),
  };
}

/** `k=v,k2=v2`: a label selector for these labels. */
export const selectorText = (labels: Record<string, string>) =>
  Object.entries(labels)
    .map(([k, v]) => `${k}=${v}`)
    .join(",");

/** Live pods (none being deleted) of a namespace matching a label selector. */
export async function livePods(k: Kube, namespace: string, labelSelector: string) {
  const list = await call(k, (a) => a.core.listNamespacedPod({ namespace, labelSelector }));
  return list.items.filter((p) => !p.metadata?.deletionTimestamp).map(toPodInfo);
}

/** Whether a Deployment has as many ready and updated replicas as it wants. */
export async function deploymentReady(k: Kube, namespace: string, name: string) {
  const d = await call(k, (a) => a.apps.readNamespacedDeployment({ name, namespace }));
  const want = d.spec?.replicas ?? 1;
  return (d.status?.readyReplicas ?? 0) >= want && (d.status?.updatedReplicas ?? 0) >= want;
}

/**
 * Waits until a Deployment is ready; past the unschedulable grace, a pod the scheduler cannot
 * place fails the wait with the scheduler's reason instead of the full timeout.
 */
export async function waitForDeployment(
  k: Kube,
  namespace: string,
  name: string,
  options: WaitInput,
) {
  const started = Date.now();
  const deadline = started + options.timeoutMs;
  for (;;) {
    const d = await call(k, (a) => a.apps.readNamespacedDeployment({ name, namespace }));
    const want = d.spec?.replicas ?? 1;
    if ((d.status?.readyReplicas ?? 0) >= want && (d.status?.updatedReplicas ?? 0) >= want) return;
    if (Date.now() > deadline)
      throw new Error(`${name} not ready after ${Math.round(options.timeoutMs / 1000)} s`);
    if (Date.now() - started > UNSCHEDULABLE_GRACE_MS) {
      const labelSelector = selectorText(d.spec?.selector?.matchLabels ?? {});
      const pods = await call(k, (a) => a.core.listNamespacedPod({ namespace, labelSelector }));
      const reason = unschedulableReason(pods.items);
      if (reason) throw new Error(`${name} not ready: ${reason}`);
    }
    if (await options.shouldStop?.()) throw new Error("stopped");
    await sleep(k.pollMs);
  }
}

/** The names of the Ready pods (none being deleted) matching the selector, sorted. */
export async function readyPodNames(k: Kube, namespace: string, labelSelector: string) {
  const pods = await call(k, (a) => a.core.listNamespacedPod({ namespace, labelSelector }));
  return pods.items
    .filter(
      (p) =>
        !p.metadata?.deletionTimestamp &&
        p.status?.conditions?.some((c) => c.type === "Ready" && c.status === "True"),
    )
    .map((p) => p.metadata!.name!)
    .sort();
}
