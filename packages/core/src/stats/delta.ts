import type { TDelta, TDeltaInterval, TRepetitionStats, TSlowerSide } from "@meshbench/contracts";
import { mulberry32, resampleMultiplicities } from "./prng";

export const DEFAULT_BOOTSTRAP_ITERATIONS = 2000;
export const DEFAULT_CONFIDENCE = 0.95;
/** Below this many repetitions per side an interval over repetitions means nothing. */
export const DEFAULT_MIN_REPETITIONS = 3;

export interface DeltaOptions {
  /** Seeds the bootstrap PRNG: same inputs and seed, same interval. */
  seed: number;
  iterations?: number;
  confidence?: number;
  minRepetitions?: number;
}

export interface ResolvedDeltaOptions {
  seed: number;
  iterations: number;
  confidence: number;
  minRepetitions: number;
}

export function resolveDeltaOptions(opts: DeltaOptions): ResolvedDeltaOptions {
  return {
    seed: opts.seed,
    iterations: Math.max(1, Math.floor(opts.iterations ?? DEFAULT_BOOTSTRAP_ITERATIONS)),
    confidence: opts.confidence ?? DEFAULT_CONFIDENCE,
    minRepetitions: opts.minRepetitions ?? DEFAULT_MIN_REPETITIONS,
  };
}

/** Mean ± sample SD (n − 1) of the statistic across repetitions. */
export function repetitionStats(values: readonly number[]): TRepetitionStats {
  const n = values.length;
  if (n === 0) return { n, mean: null, sd: null };
  const mean = values.reduce((a, v) => a + v, 0) / n;
  if (n === 1) return { n, mean, sd: null };
  const ss = values.reduce((a, v) => a + (v - mean) * (v - mean), 0);
  return { n, mean, sd: Math.sqrt(ss / (n - 1)) };
}

/** Linear-interpolation quantile (R type 7) of an ascending array. */
export function quantileSorted(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const a = sorted[lo] ?? Number.NaN;
  const b = sorted[Math.min(lo + 1, sorted.length - 1)] ?? a;
  return a + (h - lo) * (b - a);
}

export interface PointDelta {
  absolute: number | null;
  relative: number | null;
  slowerSide: TSlowerSide | null;
  slowerByRelative: number | null;
}

/** Signed deltas relative to baseline, plus which side is slower and by how much vs the faster. */
export function pointDelta(baseline: number | null, variant: number | null): PointDelta {
  if (baseline === null || variant === null)
    return { absolute: null, relative: null, slowerSide: null, slowerByRelative: null };
  const slowerSide: TSlowerSide =
    variant > baseline ? "variant" : variant < baseline ? "baseline" : "equal";
  const faster = Math.min(baseline, variant);
  const slower = Math.max(baseline, variant);
  return {
    absolute: variant - baseline,
    relative: baseline !== 0 ? (variant - baseline) / baseline : null,
    slowerSide,
    slowerByRelative: slowerSide === "equal" ? 0 : faster > 0 ? (slower - faster) / faster : null,
  };
}

/** Rearranges a[from..to] so a[k] holds the k-th smallest value (Hoare's quickselect). */
function selectInPlace(a: Float64Array, k: number) {
  let from = 0;
  let to = a.length - 1;
  while (to > from) {
    const mid = (from + to) >> 1;
    // Median of three as the pivot keeps sorted or constant input linear.
    const x = a[from]!;
    const y = a[mid]!;
    const z = a[to]!;
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    let i = from;
    let j = to;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) to = j;
    else if (k >= i) from = i;
    else return;
  }
}

/**
 * quantileSorted(sorted copy of values, q) without sorting: the two order statistics it
 * interpolates between, found by selection (the bootstrap asks for 2 quantiles of 2000 draws).
 */
function quantileBySelection(values: Float64Array, q: number): number {
  const n = values.length;
  if (n === 0) return Number.NaN;
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  selectInPlace(values, lo);
  const a = values[lo]!;
  let b = a;
  if (lo + 1 < n) {
    b = Infinity;
    for (let i = lo + 1; i < n; i++) if (values[i]! < b) b = values[i]!;
  }
  return a + (h - lo) * (b - a);
}

/** Percentile bootstrap interval from resampled deltas; relative is null if any draw had a zero baseline. */
export function bootstrapInterval(
  absolute: number[],
  relative: (number | null)[],
  confidence: number,
): TDeltaInterval | null {
  const finite = Float64Array.from(absolute.filter(Number.isFinite));
  if (finite.length === 0) return null;
  const tail = (1 - confidence) / 2;
  const rel = relative.every((r) => r !== null && Number.isFinite(r))
    ? Float64Array.from(relative as number[])
    : null;
  return {
    confidence,
    absolute: [quantileBySelection(finite, tail), quantileBySelection(finite, 1 - tail)],
    relative:
      rel && rel.length > 0
        ? [quantileBySelection(rel, tail), quantileBySelection(rel, 1 - tail)]
        : null,
  };
}

export function assembleDelta(
  baseline: number | null,
  variant: number | null,
  interval: TDeltaInterval | null,
  notEnoughRepetitions: boolean,
  baselineRepetitions: TRepetitionStats,
  variantRepetitions: TRepetitionStats,
): TDelta {
  const kept = notEnoughRepetitions ? null : interval;
  return {
    baseline,
    variant,
    ...pointDelta(baseline, variant),
    interval: kept,
    withinNoise: kept ? kept.absolute[0] <= 0 && kept.absolute[1] >= 0 : null,
    notEnoughRepetitions,
    baselineRepetitions,
    variantRepetitions,
  };
}

const weightedMean = (values: readonly number[], weights: readonly number[]) =>
  values.reduce((a, v, i) => a + v * (weights[i] ?? 0), 0) / weights.reduce((a, w) => a + w, 0);

/**
 * Delta of per-repetition values (one number per trial, e.g. summary-only wrk/SMP trials): point
 * estimates are the means; the interval resamples repetitions with replacement on each side.
 */
export function computeDelta(
  baseline: readonly number[],
  variant: readonly number[],
  opts: DeltaOptions,
): TDelta {
  const o = resolveDeltaOptions(opts);
  const b = repetitionStats(baseline);
  const v = repetitionStats(variant);
  const notEnough = baseline.length < o.minRepetitions || variant.length < o.minRepetitions;
  let interval: TDeltaInterval | null = null;
  if (!notEnough) {
    const rng = mulberry32(o.seed);
    const absolute: number[] = [];
    const relative: (number | null)[] = [];
    for (let i = 0; i < o.iterations; i++) {
      const mb = weightedMean(baseline, resampleMultiplicities(rng, baseline.length));
      const mv = weightedMean(variant, resampleMultiplicities(rng, variant.length));
      absolute.push(mv - mb);
      relative.push(mb !== 0 ? (mv - mb) / mb : null);
    }
    interval = bootstrapInterval(absolute, relative, o.confidence);
  }
  return assembleDelta(b.mean, v.mean, interval, notEnough, b, v);
}
