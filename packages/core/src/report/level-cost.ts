import { type ContainerSample, roleUsage, samplingIntervalMs } from "./usage-buckets";

/** A stored sample with the trial it was taken in (null: between trials, not attributed). */
export interface TrialSample extends ContainerSample {
  trialKey: string | null;
}

/** One cell whose cost is wanted: a variant at a load level, its trials and what they achieved. */
export interface CostCell {
  variant: string;
  levelKey: string;
  trialKeys: readonly string[];
  /** Achieved QPS of the level (its trials' requests over their seconds); null if unknown. */
  achievedQps: number | null;
}

/** A role's cost at one load level of one variant. */
export interface LevelRoleCost {
  variant: string;
  levelKey: string;
  role: string;
  achievedQps: number | null;
  /** Trials of the cell that had samples of this role. */
  trials: number;
  meanCpuMillicores: number;
  maxCpuMillicores: number;
  meanMemoryBytes: number;
  maxMemoryBytes: number;
  maxSingleCpuMillicores: number;
  maxSingleMemoryBytes: number;
  /** Mean vCPU per 1000 achieved QPS (D: "0.20 vCPU per 1000 QPS"); null without a rate. */
  vcpuPer1000Qps: number | null;
  /** Mean memory in MB (10⁶ bytes) per 1000 achieved QPS. */
  memoryMbPer1000Qps: number | null;
}

const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
const per1000 = (v: number, qps: number | null) => (qps && qps > 0 ? (v * 1000) / qps : null);

/**
 * Resource cost per variant, load level and role, like the write-ups tabulate it. Each trial is
 * bucketed on its own (so the idle gap between repetitions is never integrated), its role's
 * containers summed per instant; a level's mean is the mean of its trials' means, its maxima the
 * maxima over them. Samples taken outside any trial (warm-up, idle waits) are not attributed.
 */
export function levelRoleCosts(
  samples: readonly TrialSample[],
  cells: readonly CostCell[],
  bucketMs = samplingIntervalMs(samples),
): LevelRoleCost[] {
  const byTrial = new Map<string, TrialSample[]>();
  for (const s of samples) {
    if (s.trialKey === null) continue;
    byTrial.set(s.trialKey, [...(byTrial.get(s.trialKey) ?? []), s]);
  }
  const out: LevelRoleCost[] = [];
  for (const cell of cells) {
    const usages = cell.trialKeys.flatMap((key) => {
      const mine = byTrial.get(key) ?? [];
      const roles = [...new Set(mine.map((s) => s.role))];
      return roles.map((role) =>
        roleUsage(
          role,
          mine.filter((s) => s.role === role),
          bucketMs,
        ),
      );
    });
    for (const role of [...new Set(usages.map((u) => u.role))].sort()) {
      const us = usages.filter((u) => u.role === role);
      const meanCpu = mean(us.map((u) => u.meanCpuMillicores));
      const meanMem = mean(us.map((u) => u.meanMemoryBytes));
      const vcpu = per1000(meanCpu / 1000, cell.achievedQps);
      const mb = per1000(meanMem / 1e6, cell.achievedQps);
      out.push({
        variant: cell.variant,
        levelKey: cell.levelKey,
        role,
        achievedQps: cell.achievedQps,
        trials: us.length,
        meanCpuMillicores: meanCpu,
        maxCpuMillicores: Math.max(...us.map((u) => u.maxCpuMillicores)),
        meanMemoryBytes: meanMem,
        maxMemoryBytes: Math.max(...us.map((u) => u.maxMemoryBytes)),
        maxSingleCpuMillicores: Math.max(...us.map((u) => u.maxSingleCpuMillicores)),
        maxSingleMemoryBytes: Math.max(...us.map((u) => u.maxSingleMemoryBytes)),
        vcpuPer1000Qps: vcpu,
        memoryMbPer1000Qps: mb,
      });
    }
  }
  return out;
}
