import type { V1Pod } from "@kubernetes/client-node";
import { COMPONENTS } from "@meshbench/contracts";
import type { LoadGeneratorCpuRoom } from "../gateway";
import { LABELS } from "../manifests/labels";
import { parseCpuQuantity } from "../usage/resource-metrics";
import { call, type Kube } from "./kube";

/**
 * A pod's CPU limit: its containers' and native sidecars' limits summed (limits as admitted, so
 * an injected proxy's and a LimitRange default count); null when any of them has none.
 */
function podCpuLimit(p: V1Pod): number | null {
  const containers = [
    ...(p.spec?.containers ?? []),
    ...(p.spec?.initContainers ?? []).filter((c) => c.restartPolicy === "Always"),
  ];
  const limits = containers.map((c) => c.resources?.limits?.["cpu"]);
  if (limits.length === 0 || limits.some((l) => l === undefined)) return null;
  return limits.reduce((sum, l) => sum + parseCpuQuantity(String(l)), 0);
}

/**
 * What the load generator's CPU could reach, read off its live pod and the node it was
 * scheduled on: core's loadGeneratorCeiling decides from these. An unreadable node leaves its
 * share unknown.
 */
export async function loadGeneratorCpuRoom(
  k: Kube,
  namespace: string,
  pod: string,
): Promise<LoadGeneratorCpuRoom> {
  const p = await call(k, (a) => a.core.readNamespacedPod({ name: pod, namespace }));
  const nodeName = p.spec?.nodeName;
  const node = nodeName
    ? await call(k, (a) => a.core.readNode({ name: nodeName })).catch(() => null)
    : null;
  const allocatable = node?.status?.allocatable?.["cpu"];
  return {
    cpuLimitMillicores: podCpuLimit(p),
    nodeAllocatableMillicores: allocatable ? parseCpuQuantity(allocatable) : null,
  };
}

/**
 * The CPU limit of the target's pods in the variant's namespace (every pod but the load
 * generator, proxies included), summed; null when one of them is unlimited or there are none,
 * so the target's own saturation by CPU is then not judged.
 */
export async function targetCpuLimit(k: Kube, namespace: string): Promise<number | null> {
  const list = await call(k, (a) => a.core.listNamespacedPod({ namespace }));
  const pods = list.items.filter(
    (p) =>
      !p.metadata?.deletionTimestamp &&
      p.metadata?.labels?.[LABELS.component] !== COMPONENTS.loadGenerator,
  );
  const limits = pods.map(podCpuLimit);
  if (limits.length === 0 || limits.some((l) => l === null)) return null;
  return limits.reduce((sum: number, l) => sum + (l ?? 0), 0);
}
