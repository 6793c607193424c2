import type { TResourceCost } from "@meshbench/contracts";
import { reportSamples, type StoredSample } from "./level-resources";
import { bucketedInstants, roleUsage, samplingIntervalMs } from "./usage-buckets";

const per1000 = (v: number, qps: number) => (qps > 0 ? (v * 1000) / qps : null);

/**
 * Per variant and role over the whole run: max and mean CPU/memory of the role's containers
 * summed per aligned instant (core's bucketing: pods are stamped apart), core-seconds, and cost
 * per 1000 achieved RPS.
 */
export function resourceCosts(
  rows: readonly StoredSample[],
  achievedQpsByVariant: Map<string, number>,
): TResourceCost[] {
  if (rows.length === 0) return [];
  const samples = reportSamples(rows);
  const bucketMs = samplingIntervalMs(samples);
  const groups = new Map<string, typeof samples>();
  for (const s of samples) {
    const k = `${s.variant}|${s.role}`;
    groups.set(k, [...(groups.get(k) ?? []), s]);
  }
  return [...groups.values()]
    .map((rows) => {
      const { variant, role } = rows[0]!;
      const usage = roleUsage(role, rows, bucketMs);
      const instants = bucketedInstants(rows, bucketMs);
      const qps = achievedQpsByVariant.get(variant) ?? 0;
      return {
        variant,
        role,
        maxCpuMillicores: usage.maxCpuMillicores,
        avgCpuMillicores: usage.meanCpuMillicores,
        cpuSeconds: instants.reduce((a, i) => a + i.cpuMillicores / 1000, 0) * (bucketMs / 1000),
        maxMemoryBytes: usage.maxMemoryBytes,
        cpuPer1000Rps: per1000(usage.meanCpuMillicores, qps),
        memoryPer1000Rps: per1000(usage.meanMemoryBytes, qps),
      };
    })
    .sort((a, b) => a.variant.localeCompare(b.variant) || a.role.localeCompare(b.role));
}
