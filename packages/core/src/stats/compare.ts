import {
  STATISTICS,
  type TComparisonStatistic,
  type THistogram,
  type TLatencySummary,
  type TStatisticComparison,
  type TTrialResult,
  type TVariantComparison,
} from "@meshbench/contracts";
import {
  assembleDelta,
  bootstrapInterval,
  computeDelta,
  repetitionStats,
  resolveDeltaOptions,
  type DeltaOptions,
} from "./delta";
import { createPooler, type MergeOptions, type Pooler } from "./merge";
import { SUMMARY_PERCENTILES, summarizeHistogram } from "./percentiles";
import { mulberry32, resampleMultiplicities } from "./prng";

export const COMPARISON_STATISTICS: readonly TComparisonStatistic[] = STATISTICS;

/**
 * What comparing reads of a repetition: its histogram (null: summary only), its summary, and the
 * load generator and resolution that decide exact pooling. A stored trial (TTrialRecord) and an
 * imported result (TTrialResult) are both one, as they are.
 */
export type ComparableTrial = Pick<
  TTrialResult,
  "histogram" | "loadGenerator" | "resolutionSeconds"
> & {
  summary: TLatencySummary | null;
};

export interface CompareOptions extends DeltaOptions {
  statistics?: readonly TComparisonStatistic[];
}

type StatValues = Record<TComparisonStatistic, number | null>;

function statisticsOf(h: THistogram): StatValues {
  const s = summarizeHistogram(h);
  const values = {} as StatValues;
  for (const k of STATISTICS) values[k] = s[k];
  return values;
}

/** The summary's percentile fields and their percentiles, in one order. */
const PERCENTILE_KEYS = Object.keys(SUMMARY_PERCENTILES) as (keyof typeof SUMMARY_PERCENTILES)[];
const SUMMARY_PS = PERCENTILE_KEYS.map((k) => SUMMARY_PERCENTILES[k]);
const finiteOrNull = (v: number | undefined): number | null =>
  v !== undefined && Number.isFinite(v) ? v : null;

/** statisticsOf(pooler.pool(weights)), without building the pooled histogram (same numbers). */
function pooledStatistics(pooler: Pooler, weights: readonly number[]): StatValues {
  const q = pooler.quantiles(weights, SUMMARY_PS);
  const values = { avg: null, max: null } as StatValues;
  PERCENTILE_KEYS.forEach((k, i) => {
    values[k] = q.count === 0 ? null : finiteOrNull(q.values[i]);
  });
  if (q.count > 0) {
    values.avg = q.sum / q.count;
    values.max = q.max;
  }
  return values;
}

/**
 * pooledStatistics, remembered per weight vector: a bootstrap over n repetitions draws only
 * C(2n−1, n) distinct multisets (126 for 5), so 2000 iterations mostly repeat earlier draws.
 */
function memoizedStatistics(pooler: Pooler): (weights: readonly number[]) => StatValues {
  const seen = new Map<number | string, StatValues>();
  // Multiplicities of n ≤ 12 draws fit one number in base n + 1 (13^12 < 2^53); a string otherwise.
  const base = pooler.size + 1;
  const numeric = pooler.size <= 12;
  return (weights) => {
    let key: number | string = 0;
    if (numeric) for (let i = weights.length - 1; i >= 0; i--) key = key * base + (weights[i] ?? 0);
    else key = weights.join(",");
    let stats = seen.get(key);
    if (!stats) {
      stats = pooledStatistics(pooler, weights);
      if (seen.size < 10_000) seen.set(key, stats);
    }
    return stats;
  };
}

const present = (values: (number | null)[]) => values.filter((v): v is number => v !== null);

/**
 * Variant vs baseline per statistic, over repetitions (trials) of each.
 *
 * Point estimates come from each side's trials pooled into one histogram (merged, never
 * averaged percentiles). The 95% interval is a bootstrap over repetitions: each iteration draws
 * trials with replacement on each side, pools the drawn histograms and recomputes the statistic.
 * Resampling individual requests instead would be far too narrow: requests within a trial are
 * not independent (they share that trial's node, CPU contention, placement and warm caches), so
 * thousands of them carry about as much information about a repeat run as one run does; the
 * run-to-run spread, which is what decides whether a mesh is really slower, would be ignored.
 *
 * If any trial is summary-only (no histogram), pooling is impossible and each statistic falls
 * back to the mean of per-trial summary values (method "repetition-means").
 */
export function compareVariants(
  baselineTrials: readonly ComparableTrial[],
  variantTrials: readonly ComparableTrial[],
  opts: CompareOptions,
): TVariantComparison {
  const o = resolveDeltaOptions(opts);
  const statistics = opts.statistics ?? COMPARISON_STATISTICS;
  const header = { seed: o.seed, iterations: o.iterations, minRepetitions: o.minRepetitions };
  const all = [...baselineTrials, ...variantTrials];
  if (all.some((t) => t.histogram === null)) {
    return {
      method: "repetition-means",
      ...header,
      statistics: statistics.map((statistic) => ({
        statistic,
        ...computeDelta(
          present(baselineTrials.map((t) => t.summary?.[statistic] ?? null)),
          present(variantTrials.map((t) => t.summary?.[statistic] ?? null)),
          o,
        ),
      })),
    };
  }
  const baseline = baselineTrials.map((t) => t.histogram as THistogram);
  const variant = variantTrials.map((t) => t.histogram as THistogram);
  const merge = { fortioResolution: sharedFortioResolution(all) };
  return {
    method: "pooled-histograms",
    ...header,
    statistics: comparePooled(baseline, variant, statistics, o, merge),
  };
}

/** Fortio's resolution when every trial was recorded by Fortio at the same one (exact pooling). */
export function sharedFortioResolution(trials: readonly ComparableTrial[]): number | undefined {
  const first = trials[0]?.resolutionSeconds;
  const same = trials.every((t) => t.loadGenerator === "fortio" && t.resolutionSeconds === first);
  return same && typeof first === "number" ? first : undefined;
}

function comparePooled(
  baseline: THistogram[],
  variant: THistogram[],
  statistics: readonly TComparisonStatistic[],
  o: ReturnType<typeof resolveDeltaOptions>,
  merge: MergeOptions,
): TStatisticComparison[] {
  const bPool = createPooler(baseline, merge);
  const vPool = createPooler(variant, merge);
  const bPooled = statisticsOf(bPool.pool(baseline.map(() => 1)));
  const vPooled = statisticsOf(vPool.pool(variant.map(() => 1)));
  const bReps = baseline.map(statisticsOf);
  const vReps = variant.map(statisticsOf);
  const notEnough = baseline.length < o.minRepetitions || variant.length < o.minRepetitions;

  const draws = new Map(
    statistics.map((s) => [s, { absolute: [] as number[], relative: [] as (number | null)[] }]),
  );
  if (!notEnough) {
    const rng = mulberry32(o.seed);
    const bStats = memoizedStatistics(bPool);
    const vStats = memoizedStatistics(vPool);
    const drawList = statistics.map((st) => draws.get(st));
    for (let i = 0; i < o.iterations; i++) {
      const b = bStats(resampleMultiplicities(rng, baseline.length));
      const v = vStats(resampleMultiplicities(rng, variant.length));
      for (let k = 0; k < statistics.length; k++) {
        const s = statistics[k]!;
        const bs = b[s];
        const vs = v[s];
        const d = drawList[k];
        if (bs === null || vs === null || !d) continue;
        d.absolute.push(vs - bs);
        d.relative.push(bs !== 0 ? (vs - bs) / bs : null);
      }
    }
  }
  return statistics.map((statistic) => {
    const d = draws.get(statistic);
    const interval = d ? bootstrapInterval(d.absolute, d.relative, o.confidence) : null;
    return {
      statistic,
      ...assembleDelta(
        bPooled[statistic],
        vPooled[statistic],
        interval,
        notEnough,
        repetitionStats(present(bReps.map((r) => r[statistic]))),
        repetitionStats(present(vReps.map((r) => r[statistic]))),
      ),
    };
  });
}
