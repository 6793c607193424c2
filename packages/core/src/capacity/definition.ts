import {
  type TBenchmarkDefinition,
  type TCapacitySearch,
  type TTrialCoordinates,
  msToSeconds,
  secondsToMs,
} from "@meshbench/contracts";
import type { CapacitySearchConfig, ProbeTrial } from "./types";

/** The baseline a capacity share is read against: the variant named or meshed "baseline", else the first. */
export function capacityBaselineOf(def: Pick<TBenchmarkDefinition, "variants">): string {
  const named = def.variants.find((v) => v.name === "baseline");
  const meshed = def.variants.find((v) => v.mesh === "baseline");
  return (named ?? meshed ?? def.variants[0])?.name ?? "baseline";
}

/** The search's configuration from a benchmark's `capacity` block (percentages become shares). */
export function capacitySearchConfigOf(
  def: Pick<TBenchmarkDefinition, "variants">,
  capacity: TCapacitySearch,
  /** The cluster's QPS cap (`capacityCeilingFor`): the search stops there, saying so. */
  clusterCapQps?: number,
): CapacitySearchConfig {
  const capped = clusterCapQps !== undefined && clusterCapQps < (capacity.maxQps ?? Infinity);
  return {
    slo: {
      p99Seconds: msToSeconds(capacity.p99Ms),
      maxErrorRate: capacity.maxErrorPercent / 100,
      minQpsRatio: capacity.minAchievedPercent / 100,
    },
    variants: def.variants.map((v) => v.name),
    baseline: capacityBaselineOf(def),
    startQps: capacity.startQps,
    precision: capacity.precisionPercent / 100,
    repetitions: capacity.repetitionsPerProbe,
    budgetTrials: capacity.maxTrials,
    ...(capacity.maxQps === undefined ? {} : { maxQps: capacity.maxQps }),
    ...(capped ? { clusterCapQps } : {}),
  };
}

/**
 * A probe trial as ordinary trial coordinates: its QPS is the requested rate, everything else is
 * the load matrix's single value per dimension (the contract refuses a capacity search with more).
 */
export function probeCoordinates(
  def: Pick<TBenchmarkDefinition, "loadMatrix">,
  probe: ProbeTrial,
): TTrialCoordinates {
  const m = def.loadMatrix;
  return {
    variant: probe.variant,
    repetition: probe.repetition,
    requestedQps: probe.requestedQps,
    connections: m.connections[0] ?? 8,
    payloadBytes: m.payloadBytes[0] ?? 0,
    protocol: m.protocols[0] ?? "http1",
    keepAlive: m.keepAlive[0] ?? true,
  };
}

/** The environment section a capacity run records: readable lines plus the exact configuration. */
export const CAPACITY_ENVIRONMENT_SECTION = "capacitySearch";

export function capacityEnvironmentSection(config: CapacitySearchConfig): Record<string, string> {
  const pct = (x: number) => `${+(x * 100).toFixed(3)}%`;
  return {
    SLO: `p99 ≤ ${+secondsToMs(config.slo.p99Seconds).toFixed(3)} ms, errors ≤ ${pct(config.slo.maxErrorRate)}, achieved ≥ ${pct(config.slo.minQpsRatio ?? 0.95)} of requested`,
    search: `from ${config.startQps} QPS${config.maxQps ? ` up to ${config.maxQps}` : ""}${config.clusterCapQps ? `, stopping at the cluster's cap of ${config.clusterCapQps}` : ""}, ${config.repetitions} repetition(s) per probe, stop at ${pct(config.precision)} or ${config.budgetTrials} trials`,
    baseline: config.baseline,
    config: JSON.stringify(config),
  };
}

/** Reads the configuration back from a run's environment (null when the run was no capacity run). */
export function capacityConfigFromEnvironment(
  environment: Record<string, unknown> | null,
): CapacitySearchConfig | null {
  const section = environment?.[CAPACITY_ENVIRONMENT_SECTION];
  if (!section || typeof section !== "object") return null;
  const text = (section as Record<string, unknown>).config;
  if (typeof text !== "string") return null;
  try {
    const c = JSON.parse(text) as CapacitySearchConfig;
    return Array.isArray(c.variants) && typeof c.slo?.p99Seconds === "number" ? c : null;
  } catch {
    return null;
  }
}
