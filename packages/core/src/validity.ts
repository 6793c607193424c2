import {
  type THistogram,
  type TTrialResult,
  type TTrialValidityFlag,
  secondsToMs,
} from "@meshbench/contracts";
import { percentileFromHistogram } from "./stats/percentiles";

/**
 * Documented thresholds. Each is a judgement call, kept in one place so reports can quote them.
 */
export interface ValidityThresholds {
  /** actual/requested QPS below this means the load generator or target could not keep up. */
  minQpsRatio: number;
  /** Error rate above this invalidates latency numbers (fast failures drag them down). */
  maxErrorRate: number;
  /** Fewer samples than this cannot support a p99 (it would be the maximum or worse). */
  minSamples: number;
  /**
   * Resolution coarser than this fraction of p50 makes percentiles interpolations inside one
   * bucket. 0.5 means Fortio's default 1 ms flags p50 ≤ 2 ms: measured here, 1 ms buckets put
   * p50 off by more than 100% vs exact timings, while -r 0.0001 kept p50–p99 within 2.5%.
   */
  maxResolutionToP50: number;
  /** Same concern read off the buckets themselves: the bucket holding p50 is wider than p50 × this. */
  maxP50BucketWidthToP50: number;
}

export const DEFAULT_VALIDITY_THRESHOLDS: ValidityThresholds = {
  minQpsRatio: 0.95,
  maxErrorRate: 0.01,
  minSamples: 100,
  maxResolutionToP50: 0.5,
  maxP50BucketWidthToP50: 1,
};

export interface ValidityOptions extends Partial<ValidityThresholds> {
  /**
   * Whether a warm-up period was run and thrown away before this trial. Not visible in a Fortio
   * result, so the caller (the scheduler) says; falls back to `trial.meta.warmupDiscarded`.
   * Unknown (undefined) raises nothing.
   */
  warmupDiscarded?: boolean;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const ms = (s: number) => `${secondsToMs(s).toPrecision(3)} ms`;

function bucketWidthAt(h: THistogram, p50: number): number | null {
  const bucket = h.buckets.find((b) => b.count > 0 && b.start <= p50 && p50 <= b.end);
  return bucket ? bucket.end - bucket.start : null;
}

function coarseResolution(trial: TTrialResult, t: ValidityThresholds): string | null {
  const h = trial.histogram;
  if (!h || h.count === 0) return null;
  const p50 = percentileFromHistogram(h, 50);
  if (!(p50 > 0)) return null;
  const r = trial.resolutionSeconds;
  const width = bucketWidthAt(h, p50);
  const byResolution = r !== null && r >= p50 * t.maxResolutionToP50;
  const byBucket = width !== null && width > p50 * t.maxP50BucketWidthToP50;
  if (!byResolution && !byBucket) return null;
  const what =
    byResolution && r !== null
      ? `resolution ${ms(r)}`
      : `the bucket holding p50 spans ${ms(width ?? 0)}`;
  const finer = finerResolution(p50 * t.maxResolutionToP50 * 0.5);
  return `${what} is too coarse for p50 ${ms(p50)}: percentiles are interpolated inside one bucket and can be off by more than 100% (avg, min and max are exact); rerun with a finer resolution such as fortio -r ${finer} (the benchmark's methodology.fortio.resolutionSeconds)`;
}

/**
 * The largest 1, 2 or 5 × 10^k seconds not above `limit`: a resolution to suggest. Not a fixed
 * 0.0001: on a fast cluster (p50 under 0.2 ms) that is the one already too coarse. Finer is not
 * free — Fortio's buckets stop at 100,000 × the resolution — so suggest no finer than needed.
 */
export function finerResolution(limit: number): string {
  const decade = 10 ** Math.floor(Math.log10(limit));
  const step = [5, 2, 1].find((m) => m * decade <= limit * (1 + 1e-9)) ?? 1;
  return Number((step * decade).toPrecision(1)).toString();
}

/** Reasons not to trust a trial as is, most serious first. An empty list means none found. */
export function assessTrialValidity(
  trial: TTrialResult,
  opts: ValidityOptions = {},
): TTrialValidityFlag[] {
  const t: ValidityThresholds = { ...DEFAULT_VALIDITY_THRESHOLDS, ...opts };
  const flags: TTrialValidityFlag[] = [];
  const requested = trial.requestedQps;
  if (requested !== null && trial.actualQps < requested * t.minQpsRatio) {
    flags.push({
      code: "qps_shortfall",
      severity: "invalid",
      message: `achieved ${trial.actualQps.toFixed(1)} of ${requested} requested QPS (${pct(trial.actualQps / requested)}, below ${pct(t.minQpsRatio)}): the system was saturated, so latencies are not at the requested load`,
    });
  }
  if (trial.errorCount > 0) {
    const rate = trial.requestCount > 0 ? trial.errorCount / trial.requestCount : 1;
    const invalid = rate > t.maxErrorRate;
    flags.push({
      code: "errors",
      severity: invalid ? "invalid" : "warning",
      message: `${trial.errorCount} of ${trial.requestCount} requests failed (${pct(rate)}${invalid ? `, above ${pct(t.maxErrorRate)}` : ""}); failed requests are in the latency numbers`,
    });
  }
  if (trial.requestCount < t.minSamples) {
    flags.push({
      code: "too_few_samples",
      severity: "invalid",
      message: `only ${trial.requestCount} samples; at least ${t.minSamples} are needed for a meaningful p99`,
    });
  }
  const coarse = coarseResolution(trial, t);
  if (coarse) flags.push({ code: "coarse_resolution", severity: "warning", message: coarse });
  const warmup = opts.warmupDiscarded ?? trial.meta["warmupDiscarded"];
  if (warmup === false) {
    flags.push({
      code: "warmup_not_discarded",
      severity: "warning",
      message:
        "no warm-up was discarded: connection setup, cold caches and lazy mesh configuration are in the numbers",
    });
  }
  if (trial.histogram === null) {
    flags.push({
      code: "summary_only",
      severity: "warning",
      message: `${trial.loadGenerator} result has summary statistics only: it cannot be pooled with other repetitions, and comparisons fall back to averaging per-trial values`,
    });
  }
  return flags;
}
