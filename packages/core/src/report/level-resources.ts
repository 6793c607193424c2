import {
  type TLevelResourceCost,
  type TResourceCurve,
  type TTrialRecord,
  ZResourceRole,
} from "@meshbench/contracts";
import { fitQuadratic, type QuadraticFit } from "../fit";
import { groupByCell } from "../trials";
import { levelRoleCosts, type TrialSample } from "./level-cost";
import { containerRole } from "../roles";
import { throughputOf } from "./throughput";
import { roleUsage, samplingIntervalMs } from "./usage-buckets";

/** A stored resource sample as reports read it: the trial it was taken in, variant and namespace. */
export interface StoredSample extends TrialSample {
  variant: string;
  namespace: string;
}

/** Namespaces where a variant's own workload runs: where its app and load generator were sampled. */
function dataPlaneNamespaces(samples: readonly StoredSample[]): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  for (const s of samples) {
    if (s.role !== "app" && s.role !== "load_generator") continue;
    out.set(s.variant, (out.get(s.variant) ?? new Set()).add(s.namespace));
  }
  return new Map([...out].map(([v, ns]) => [v, [...ns]]));
}

/**
 * Stored samples with the role the report books them under: the one role rule (core/roles),
 * with the stored role as declared and the variant's namespaces read from its samples, so a
 * sample stored before a placement rule existed (a gateway's proxy) is booked like a new one.
 */
export function reportSamples(samples: readonly StoredSample[]) {
  const ns = dataPlaneNamespaces(samples);
  return samples.map((s) => ({
    ...s,
    role: containerRole(s, {
      variantNamespaces: ns.get(s.variant) ?? [s.namespace],
      declared: ZResourceRole.safeParse(s.role).data,
    }),
  }));
}

const fitOf = (f: QuadraticFit | null) =>
  f ? { a: f.a, b: f.b, c: f.c, xMin: f.xMin, xMax: f.xMax } : null;

/**
 * Resources per variant, load level and role (containers summed per aligned instant, the max of
 * any single container beside it, vCPU and MB per 1000 QPS of that level), and per role and
 * variant the points of resources vs achieved RPS (one per trial) with core's quadratic fits.
 * `trials`: the trials whose load is real (counting and saturated, less the run rule's drops).
 */
export function levelResources(
  rows: readonly StoredSample[],
  trials: readonly TTrialRecord[],
): { levelResources: TLevelResourceCost[]; resourceCurves: TResourceCurve[] } {
  const samples = reportSamples(rows) as (TrialSample & { variant: string; role: string })[];
  if (samples.length === 0) return { levelResources: [], resourceCurves: [] };
  const bucketMs = samplingIntervalMs(samples);
  const costs = levelRoleCosts(
    samples,
    [...groupByCell(trials).values()].map((c) => ({
      variant: c.variant,
      levelKey: c.level.key,
      trialKeys: c.trials.map((t) => t.key),
      achievedQps: throughputOf(c.trials).achievedQps,
    })),
    bucketMs,
  ) as TLevelResourceCost[];

  const byTrial = new Map<string, typeof samples>();
  for (const s of samples)
    if (s.trialKey) byTrial.set(s.trialKey, [...(byTrial.get(s.trialKey) ?? []), s]);
  const curves = new Map<string, TResourceCurve>();
  for (const t of trials) {
    const mine = byTrial.get(t.key) ?? [];
    if (t.actualQps === null || mine.length === 0) continue;
    for (const role of new Set(mine.map((s) => s.role))) {
      const u = roleUsage(
        role,
        mine.filter((s) => s.role === role),
        bucketMs,
      );
      const k = `${role}|${t.variant}`;
      const curve = curves.get(k) ?? {
        role: role as TResourceCurve["role"],
        variant: t.variant,
        points: [],
        cpuFit: null,
        memoryMbFit: null,
      };
      curve.points.push({
        achievedQps: t.actualQps,
        cpuMillicores: u.meanCpuMillicores,
        memoryMb: u.meanMemoryBytes / 1e6,
      });
      curves.set(k, curve);
    }
  }
  const resourceCurves = [...curves.values()].map((c) => {
    const points = [...c.points].sort((a, b) => a.achievedQps - b.achievedQps);
    return {
      ...c,
      points,
      cpuFit: fitOf(fitQuadratic(points.map((p) => ({ x: p.achievedQps, y: p.cpuMillicores })))),
      memoryMbFit: fitOf(fitQuadratic(points.map((p) => ({ x: p.achievedQps, y: p.memoryMb })))),
    };
  });
  resourceCurves.sort((a, b) => a.role.localeCompare(b.role) || a.variant.localeCompare(b.variant));
  return { levelResources: costs, resourceCurves };
}
