/** "p99 ≤ X ms, errors ≤ Y%, achieved ≥ 95%": what a probe must meet to pass. */
export interface CapacitySlo {
  p99Seconds: number;
  /** Highest acceptable error share, e.g. 0.001 for 0.1%. */
  maxErrorRate: number;
  /** Lowest acceptable achieved/requested. Default 0.95. */
  minQpsRatio?: number;
}

/** How a probe's repetitions decide it. */
export type ProbeRule = "majority" | "all";

export interface CapacitySearchConfig {
  slo: CapacitySlo;
  /** Variants searched, in the order trials are interleaved; the baseline among them. */
  variants: readonly string[];
  baseline: string;
  startQps: number;
  /** Stop bisecting when (first fail − last pass) / last pass ≤ this, e.g. 0.05. */
  precision: number;
  repetitions: number;
  /** Most trials the whole search may run, all variants together. */
  budgetTrials: number;
  /** Bracketing never probes above this (capacity is then "at least"). Default: no cap. */
  maxQps?: number;
  /**
   * The cluster's cap on QPS (`TClusterCaps.maxQps`), when it is below `maxQps`: bracketing never
   * probes above it, and a variant passing there "stopped at the cluster's cap".
   */
  clusterCapQps?: number;
  /** Bracketing downwards stops below this (capacity is then "below"). Default 1. */
  minQps?: number;
  /** Default "majority". */
  rule?: ProbeRule;
}

/** One finished trial of the search, as the worker recorded it. */
export interface ProbeObservation {
  variant: string;
  requestedQps: number;
  repetition: number;
  actualQps: number;
  /** null when the trial produced no latency numbers (it fails the SLO). */
  p99Seconds: number | null;
  errorRate: number;
  /** The trial's load generator was its bottleneck (flag load_generator_saturated). */
  loadGeneratorBound?: boolean;
}

/** A trial the search asks the worker to run next. */
export interface ProbeTrial {
  variant: string;
  requestedQps: number;
  repetition: number;
}

export type VariantSearchStatus =
  | "searching"
  /** Bracket narrower than the precision. */
  | "converged"
  /** Passed at maxQps: capacity is at least that. */
  | "at_least"
  /** Passed at the cluster's QPS cap, below maxQps: capacity is at least that, the search stopped there. */
  | "at_cluster_cap"
  /** Failed even at minQps. */
  | "below_minimum"
  /** Not enough budget left for another probe. */
  | "budget_exhausted"
  /**
   * The lowest failing probe failed because the load generator could not drive it: the target's
   * capacity is only known to be at least the last pass ("≥ X (load generator bound)").
   */
  | "load_generator_bound";

export interface ProbeVerdict {
  requestedQps: number;
  passes: number;
  repetitions: number;
  passed: boolean;
  /** Failed, with a failing repetition bound by its load generator: says nothing of the target. */
  loadGeneratorBound: boolean;
}
