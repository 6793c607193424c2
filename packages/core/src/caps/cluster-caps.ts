import {
  CLUSTER_CAP_LABELS,
  type TBenchmarkDefinition,
  type TClusterCapName,
  type TClusterCaps,
} from "@meshbench/contracts";

/** The most generators a trial may ever use (the definition's own limit). */
export const MAX_LOAD_GENERATORS = 32;

/** What a run would put on a cluster, read from its definition. */
export type RunDemand = {
  /**
   * The highest QPS of a level: a number, "unbounded" for a "max" level (as fast as possible),
   * or null for a capacity search (its ceiling is capped instead, see `capacityCeilingFor`).
   */
  peakQps: number | "unbounded" | null;
  /** `methodology.loadGenerators`; "auto" is held to `maxGeneratorsFor` instead. */
  generators: number | "auto";
  /** The measured seconds of each trial (`durationSeconds`; the warm-up runs before it). */
  trialSeconds: number;
};

export type CapViolation = {
  cap: TClusterCapName;
  limit: number;
  /** What the run asks for ("max" for an unbounded level). */
  value: number | "max";
  /** The field of the definition or input that asks for it. */
  field: string;
  message: string;
};

export function runDemandOf(
  def: Pick<TBenchmarkDefinition, "loadMatrix" | "capacity" | "durationSeconds"> & {
    methodology: { loadGenerators?: number | "auto" };
  },
): RunDemand {
  const levels = def.loadMatrix.qps;
  const numeric = levels.filter((q): q is number => typeof q === "number");
  const peakQps = def.capacity
    ? null
    : levels.includes("max")
      ? "unbounded"
      : numeric.length
        ? Math.max(...numeric)
        : null;
  return {
    peakQps,
    generators: def.methodology.loadGenerators ?? 1,
    trialSeconds: def.durationSeconds,
  };
}

function violation(
  cap: TClusterCapName,
  limit: number,
  value: number | "max",
  field: string,
  what: string,
): CapViolation {
  return {
    cap,
    limit,
    value,
    field,
    message: `${what} exceeds the cluster's cap on ${CLUSTER_CAP_LABELS[cap]} (${cap} = ${limit})`,
  };
}

/**
 * Every cap a run would break on a cluster that already has `activeRuns` queued or running there
 * (empty: it may start). Pure: the caller counts the active runs.
 */
export function capViolations(
  caps: TClusterCaps,
  demand: RunDemand,
  activeRuns: number,
): CapViolation[] {
  const out: CapViolation[] = [];
  if (caps.maxConcurrentRuns !== undefined && activeRuns + 1 > caps.maxConcurrentRuns)
    out.push(
      violation(
        "maxConcurrentRuns",
        caps.maxConcurrentRuns,
        activeRuns + 1,
        "clusterId",
        `${activeRuns} run(s) already active, so this one would make ${activeRuns + 1}, which`,
      ),
    );
  if (caps.maxQps !== undefined && demand.peakQps !== null) {
    if (demand.peakQps === "unbounded")
      out.push(
        violation(
          "maxQps",
          caps.maxQps,
          "max",
          "loadMatrix.qps",
          'a "max" load level (as fast as possible) is unbounded and',
        ),
      );
    else if (demand.peakQps > caps.maxQps)
      out.push(
        violation(
          "maxQps",
          caps.maxQps,
          demand.peakQps,
          "loadMatrix.qps",
          `the highest load level, ${demand.peakQps} QPS,`,
        ),
      );
  }
  if (
    caps.maxGenerators !== undefined &&
    typeof demand.generators === "number" &&
    demand.generators > caps.maxGenerators
  )
    out.push(
      violation(
        "maxGenerators",
        caps.maxGenerators,
        demand.generators,
        "methodology.loadGenerators",
        `${demand.generators} load generators per trial`,
      ),
    );
  if (caps.maxTrialSeconds !== undefined && demand.trialSeconds > caps.maxTrialSeconds)
    out.push(
      violation(
        "maxTrialSeconds",
        caps.maxTrialSeconds,
        demand.trialSeconds,
        "durationSeconds",
        `a trial of ${demand.trialSeconds} s`,
      ),
    );
  return out;
}

/** The most load generators a trial may use on the cluster: what "auto" may reach. */
export function maxGeneratorsFor(caps: TClusterCaps): number {
  return Math.min(MAX_LOAD_GENERATORS, caps.maxGenerators ?? MAX_LOAD_GENERATORS);
}

/** The QPS a capacity search may probe up to on the cluster (undefined: no cluster cap). */
export function capacityCeilingFor(caps: TClusterCaps): number | undefined {
  return caps.maxQps;
}
