import type {
  CapacitySearchConfig,
  CapacitySlo,
  ProbeObservation,
  ProbeTrial,
  ProbeVerdict,
  VariantSearchStatus,
} from "./types";

const DEFAULT_MIN_QPS_RATIO = 0.95;

/** Slack of each SLO criterion (≥ 0 meets it): scale-free per criterion, so each interpolates alone. */
export function sloSlacks(o: ProbeObservation, slo: CapacitySlo): [number, number, number] {
  return [
    o.p99Seconds === null ? -Infinity : slo.p99Seconds - o.p99Seconds,
    slo.maxErrorRate - o.errorRate,
    o.actualQps / o.requestedQps - (slo.minQpsRatio ?? DEFAULT_MIN_QPS_RATIO),
  ];
}

export function repetitionPasses(o: ProbeObservation, slo: CapacitySlo): boolean {
  return sloSlacks(o, slo).every((s) => s >= 0);
}

/**
 * Complete probes of one variant (every repetition observed), ascending by QPS. Rule "majority"
 * (the default): a probe passes when more than half its repetitions meet the SLO, i.e. the median
 * repetition does; one noisy repetition neither makes nor breaks a level. "all" asks every one.
 */
export function probeVerdicts(
  config: CapacitySearchConfig,
  observations: readonly ProbeObservation[],
): Map<string, ProbeVerdict[]> {
  const out = new Map<string, ProbeVerdict[]>();
  for (const variant of config.variants) {
    const byQps = new Map<number, ProbeObservation[]>();
    for (const o of observations) {
      if (o.variant === variant)
        byQps.set(o.requestedQps, [...(byQps.get(o.requestedQps) ?? []), o]);
    }
    const verdicts: ProbeVerdict[] = [];
    for (const [requestedQps, os] of [...byQps.entries()].sort(([a], [b]) => a - b)) {
      if (os.length < config.repetitions) continue;
      const passes = os.filter((o) => repetitionPasses(o, config.slo)).length;
      const passed = config.rule === "all" ? passes === os.length : passes * 2 > os.length;
      const loadGeneratorBound =
        !passed && os.some((o) => o.loadGeneratorBound && !repetitionPasses(o, config.slo));
      verdicts.push({ requestedQps, passes, repetitions: os.length, passed, loadGeneratorBound });
    }
    out.set(variant, verdicts);
  }
  return out;
}

/** The bracket: lowest failing probe, and the highest passing one below it (monotone reading). */
export function bracketOf(probes: readonly ProbeVerdict[]): {
  lastPass: number | null;
  firstFail: number | null;
} {
  const fails = probes.filter((p) => !p.passed).map((p) => p.requestedQps);
  const firstFail = fails.length ? Math.min(...fails) : null;
  const passes = probes
    .filter((p) => p.passed && (firstFail === null || p.requestedQps < firstFail))
    .map((p) => p.requestedQps);
  return { lastPass: passes.length ? Math.max(...passes) : null, firstFail };
}

export interface VariantSearchState {
  variant: string;
  status: VariantSearchStatus;
  probes: ProbeVerdict[];
  lastPass: number | null;
  firstFail: number | null;
  /** The probe QPS asked for next; null once the variant stopped. */
  nextQps: number | null;
}

type Decision =
  | { status: "searching"; next: number }
  | { status: Exclude<VariantSearchStatus, "searching" | "budget_exhausted"> };

/**
 * Whether the bracket's first failure is the load generator's: then neither bisecting below it
 * nor going above says anything more about the target, and the search stops there.
 */
function boundByGenerator(probes: readonly ProbeVerdict[], firstFail: number | null): boolean {
  return probes.some((p) => p.requestedQps === firstFail && p.loadGeneratorBound);
}

/** Bracket by doubling until a probe fails (halving until one passes), then bisect to the precision. */
function decide(
  config: CapacitySearchConfig,
  lastPass: number | null,
  firstFail: number | null,
): Decision {
  const minQps = config.minQps ?? 1;
  const maxQps = Math.min(config.maxQps ?? Infinity, config.clusterCapQps ?? Infinity);
  const atCap =
    config.clusterCapQps !== undefined && config.clusterCapQps < (config.maxQps ?? Infinity);
  if (lastPass === null && firstFail === null)
    return {
      status: "searching",
      next: Math.min(maxQps, Math.max(minQps, Math.round(config.startQps))),
    };
  if (firstFail === null) {
    const lo = lastPass ?? 0;
    return lo >= maxQps
      ? { status: atCap ? "at_cluster_cap" : "at_least" }
      : { status: "searching", next: Math.min(maxQps, 2 * lo) };
  }
  if (lastPass === null) {
    if (firstFail <= minQps) return { status: "below_minimum" };
    return { status: "searching", next: Math.max(minQps, Math.floor(firstFail / 2)) };
  }
  if ((firstFail - lastPass) / lastPass <= config.precision) return { status: "converged" };
  const mid = Math.round((lastPass + firstFail) / 2);
  return mid <= lastPass || mid >= firstFail
    ? { status: "converged" }
    : { status: "searching", next: mid };
}

export interface CapacitySearchStep {
  /** Every variant stopped: nothing more to run. */
  done: boolean;
  variants: VariantSearchState[];
  /** The next trials, repetition by repetition across variants (interleaved like any run). */
  trials: ProbeTrial[];
  trialsUsed: number;
  budgetLeft: number;
}

/**
 * The capacity search as a pure state machine: from the trials observed so far (and nothing else,
 * so a resumed search and an audit replay see the same thing) it states each variant's bracket and
 * the next probe. A probe is `repetitions` trials at one QPS; a half-run probe is completed first.
 * Budget is spent in variant order; a variant whose next probe no longer fits stops there.
 */
export function nextCapacityProbes(
  config: CapacitySearchConfig,
  observations: readonly ProbeObservation[],
): CapacitySearchStep {
  const verdicts = probeVerdicts(config, observations);
  const trialsUsed = observations.filter((o) => config.variants.includes(o.variant)).length;
  let planned = 0;
  const perVariant: { variant: string; qps: number; reps: number[] }[] = [];
  const variants = config.variants.map((variant): VariantSearchState => {
    const probes = verdicts.get(variant) ?? [];
    const { lastPass, firstFail } = bracketOf(probes);
    const d: Decision = boundByGenerator(probes, firstFail)
      ? { status: "load_generator_bound" }
      : decide(config, lastPass, firstFail);
    const base = { variant, probes, lastPass, firstFail };
    if (d.status !== "searching") return { ...base, status: d.status, nextQps: null };
    const seen = new Set(
      observations
        .filter((o) => o.variant === variant && o.requestedQps === d.next)
        .map((o) => o.repetition),
    );
    const reps = Array.from({ length: config.repetitions }, (_, i) => i + 1).filter(
      (r) => !seen.has(r),
    );
    if (trialsUsed + planned + reps.length > config.budgetTrials)
      return { ...base, status: "budget_exhausted", nextQps: null };
    planned += reps.length;
    perVariant.push({ variant, qps: d.next, reps });
    return { ...base, status: "searching", nextQps: d.next };
  });
  const trials: ProbeTrial[] = [];
  for (let r = 1; r <= config.repetitions; r++)
    for (const p of perVariant)
      if (p.reps.includes(r))
        trials.push({ variant: p.variant, requestedQps: p.qps, repetition: r });
  return {
    done: trials.length === 0,
    variants,
    trials,
    trialsUsed,
    budgetLeft: config.budgetTrials - trialsUsed,
  };
}
