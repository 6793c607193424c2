import type { V1Node } from "@kubernetes/client-node";
import type { TNodeInventory } from "@meshbench/contracts";
import { parseCpuQuantity, parseMemoryQuantity } from "../usage/resource-metrics";

const ZONE_LABELS = ["topology.kubernetes.io/zone", "failure-domain.beta.kubernetes.io/zone"];

export function nodeInventory(nodes: V1Node[]): TNodeInventory {
  const list = nodes.map((n) => {
    const alloc = n.status?.allocatable ?? n.status?.capacity ?? {};
    const labels = n.metadata?.labels ?? {};
    const zoneLabel = ZONE_LABELS.find((l) => labels[l]);
    return {
      name: n.metadata?.name ?? "",
      cpuMillicores: parseCpuQuantity(alloc.cpu ?? "0"),
      memoryBytes: parseMemoryQuantity(alloc.memory ?? "0"),
      zone: zoneLabel ? (labels[zoneLabel] ?? null) : null,
    };
  });
  return {
    count: list.length,
    cpuMillicores: list.reduce((s, n) => s + n.cpuMillicores, 0),
    memoryBytes: list.reduce((s, n) => s + n.memoryBytes, 0),
    zones: [...new Set(list.map((n) => n.zone).filter((z): z is string => z !== null))].sort(),
    nodes: list,
  };
}
