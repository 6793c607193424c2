import type { TResourceCost } from "@meshbench/contracts";
import { costPer1000Rps } from "@meshbench/core";
import type { ResourceSampleRow } from "@meshbench/db";

/** Per variant and role: max and mean CPU/memory, core-seconds, and cost per 1000 achieved RPS. */
export function resourceCosts(
  samples: ResourceSampleRow[],
  achievedQpsByVariant: Map<string, number>,
): TResourceCost[] {
  const byVariant = new Map<string, ResourceSampleRow[]>();
  for (const s of samples) byVariant.set(s.variant, [...(byVariant.get(s.variant) ?? []), s]);
  return [...byVariant.entries()].flatMap(([variant, rows]) =>
    costPer1000Rps(rows, achievedQpsByVariant.get(variant) ?? 0).roles.map((r) => ({
      variant,
      role: r.role as TResourceCost["role"],
      maxCpuMillicores: r.maxCpuMillicores,
      avgCpuMillicores: r.meanCpuMillicores,
      cpuSeconds: r.coreSeconds,
      maxMemoryBytes: r.maxMemoryBytes,
      cpuPer1000Rps: r.cpuMillicoresPer1000Rps,
      memoryPer1000Rps: r.meanMemoryBytesPer1000Rps,
    })),
  );
}
