import { z } from "zod";

/**
 * The one list of latency statistics (display order): compared between variants, shown in every
 * percentile table, CLI and chart. Latencies in seconds like everything else.
 */
export const STATISTICS = ["avg", "p50", "p75", "p90", "p99", "p999", "p9999", "max"] as const;
export const ZComparisonStatistic = z.enum(STATISTICS);
export type TComparisonStatistic = z.infer<typeof ZComparisonStatistic>;
/** How a statistic is written for people ("p99.9", not "p999"; "p99.99", not "p9999"). */
export const STATISTIC_LABELS: Record<TComparisonStatistic, string> = {
  avg: "avg",
  p50: "p50",
  p75: "p75",
  p90: "p90",
  p99: "p99",
  p999: "p99.9",
  p9999: "p99.99",
  max: "max",
};

/** The statistic per repetition (each trial on its own): mean ± sample SD across them. */
export const ZRepetitionStats = z.object({
  n: z.number().int().nonnegative(),
  mean: z.number().nullable(),
  sd: z.number().nullable(),
});
export type TRepetitionStats = z.infer<typeof ZRepetitionStats>;

/** Bootstrap percentile interval of the delta, absolute (seconds) and relative to baseline. */
export const ZDeltaInterval = z.object({
  confidence: z.number().gt(0).lt(1),
  absolute: z.tuple([z.number(), z.number()]),
  relative: z.tuple([z.number(), z.number()]).nullable(),
});
export type TDeltaInterval = z.infer<typeof ZDeltaInterval>;

export const ZSlowerSide = z.enum(["baseline", "variant", "equal"]);
export type TSlowerSide = z.infer<typeof ZSlowerSide>;

/**
 * Variant vs baseline for one statistic. `absolute` = variant − baseline; `relative` =
 * (variant − baseline) / baseline; `slowerByRelative` = (slower − faster) / faster, so the
 * seed's 0.89 ms vs 0.80 ms reads relative −10.1% and "baseline is 11% slower".
 * `interval` is null (and `withinNoise` null) when either side has too few repetitions.
 */
export const ZDelta = z.object({
  baseline: z.number().nullable(),
  variant: z.number().nullable(),
  absolute: z.number().nullable(),
  relative: z.number().nullable(),
  slowerSide: ZSlowerSide.nullable(),
  slowerByRelative: z.number().nullable(),
  interval: ZDeltaInterval.nullable(),
  withinNoise: z.boolean().nullable(),
  notEnoughRepetitions: z.boolean(),
  baselineRepetitions: ZRepetitionStats,
  variantRepetitions: ZRepetitionStats,
});
export type TDelta = z.infer<typeof ZDelta>;

export const ZStatisticComparison = ZDelta.extend({ statistic: ZComparisonStatistic });
export type TStatisticComparison = z.infer<typeof ZStatisticComparison>;

/**
 * `pooled-histograms`: each side's trials merged into one histogram (the default);
 * `repetition-means`: per-trial summary values averaged, used when a trial is summary-only
 * (wrk, SMP) and histograms cannot be pooled.
 */
export const ZComparisonMethod = z.enum(["pooled-histograms", "repetition-means"]);
export type TComparisonMethod = z.infer<typeof ZComparisonMethod>;

export const ZVariantComparison = z.object({
  method: ZComparisonMethod,
  seed: z.number().int(),
  iterations: z.number().int().positive(),
  minRepetitions: z.number().int().positive(),
  statistics: z.array(ZStatisticComparison),
});
export type TVariantComparison = z.infer<typeof ZVariantComparison>;
