import type { TTrialValidityFlag } from "@meshbench/contracts";
import { classifySaturation, type LoadOutcome } from "./classify";

/**
 * Share of its CPU ceiling at which a component (the load generator, the target) counts as
 * saturated. Fortio held to a CFS quota runs at ~95–100% of it while throttled, but the trial's
 * figure is a mean over the kubelet's counter window, whose ends are the kubelet's stats times
 * (its housekeeping, up to ~10 s stale), not the load's: that window takes in the ramp and some
 * idle time before or after the load. Throttled 50m generators measured 44–47m over their
 * windows on real nodes, so 90% sat on the line; 80% leaves twice the observed dilution
 * without calling a generator at half its ceiling a bottleneck.
 */
export const LOAD_GENERATOR_CEILING_SHARE = 0.8;

/** What the generator could have used: its CPU limit, or the allocatable CPU of its node. */
export interface LoadGeneratorCeiling {
  millicores: number;
  source: "limit" | "node";
}

/**
 * The load generator's CPU ceiling. With a CPU limit it is the limit (CFS throttles it there),
 * or the node's allocatable CPU when that is smaller; without a limit it is the allocatable CPU
 * of the node it runs on (everything it could get if nothing else ran there). Null when neither
 * is known: then no judgement is made.
 */
export function loadGeneratorCeiling(input: {
  cpuLimitMillicores: number | null;
  nodeAllocatableMillicores: number | null;
}): LoadGeneratorCeiling | null {
  const limit = positive(input.cpuLimitMillicores);
  const node = positive(input.nodeAllocatableMillicores);
  if (limit !== null && (node === null || limit <= node))
    return { millicores: limit, source: "limit" };
  return node === null ? null : { millicores: node, source: "node" };
}

const positive = (x: number | null) => (x !== null && Number.isFinite(x) && x > 0 ? x : null);

/** One CPU reading of a container during the trial. */
export interface TrialCpuSample {
  cpuMillicores: number;
  sampledAt: Date;
}

/**
 * A component's CPU over a trial (the generator's, the target's): readings at one instant are
 * summed (every container of it), then averaged over instants. With kubelet counters that is
 * the one window's rate.
 */
export function trialCpuMillicores(samples: readonly TrialCpuSample[]): number | null {
  const byInstant = new Map<number, number>();
  for (const s of samples) {
    const t = s.sampledAt.getTime();
    byInstant.set(t, (byInstant.get(t) ?? 0) + s.cpuMillicores);
  }
  if (byInstant.size === 0) return null;
  return [...byInstant.values()].reduce((a, b) => a + b, 0) / byInstant.size;
}

export interface LoadGeneratorEvidence {
  outcome: LoadOutcome;
  generatorCpuMillicores: number | null;
  ceiling: LoadGeneratorCeiling | null;
  /**
   * The target's CPU over its own limit (app and sidecars), when it has one; at or above the
   * ceiling share the target was saturated too and the bottleneck is not the generator's alone.
   */
  targetCpuShare?: number | null;
}

/**
 * `load_generator_saturated` (invalid): the load generator was the bottleneck. All of:
 * - it fell short of the requested rate (achieved < 95% of requested, the saturation threshold);
 * - the generator's CPU was at ≥ 80% of its ceiling (loadGeneratorCeiling);
 * - the target was not saturated: errors at most 1% (a starved generator sends fewer requests,
 *   it does not make them fail), and the target's CPU below 80% of its limit when it has one.
 * Such a trial measured the generator: it stays out of latency deltas, load curves and capacity.
 */
export function assessLoadGenerator(e: LoadGeneratorEvidence): TTrialValidityFlag | null {
  const { outcome, generatorCpuMillicores: cpu, ceiling } = e;
  if (cpu === null || ceiling === null) return null;
  const s = classifySaturation(outcome);
  const short = s.causes.includes("qps_shortfall");
  const busy = cpu >= LOAD_GENERATOR_CEILING_SHARE * ceiling.millicores;
  const targetSaturated =
    s.causes.includes("errors") || (e.targetCpuShare ?? 0) >= LOAD_GENERATOR_CEILING_SHARE;
  if (!short || !busy || targetSaturated) return null;
  const of = ceiling.source === "limit" ? "its CPU limit" : "its node's allocatable CPU";
  return {
    code: "load_generator_saturated",
    severity: "invalid",
    message: `load generator saturated: it used ${Math.round(cpu)}m of ${Math.round(ceiling.millicores)}m (${of}) while achieving ${outcome.actualQps.toFixed(1)} of ${outcome.requestedQps} requested QPS; this measured the load generator, not the target — excluded from deltas, load curves and capacity (add load generators or raise their CPU)`,
  };
}
