import {
  STATISTICS,
  type TLevelReport,
  type TLoadLevel,
  type TPercentileRow,
  type TSeriesCurves,
  type TStatCell,
  type TTrialRecord,
  type TVariantComparison,
} from "@meshbench/contracts";
import { ccdfPoints, cdfPoints } from "../stats/cdf";
import { compareVariants } from "../stats/compare";
import { mergeHistograms } from "../stats/merge";
import { formatDeltaWording } from "../wording";
import { throughputOf } from "./throughput";

/** One series of a table: a variant at a level of some run (its cell), with its usable trials. */
export type SeriesGroup = {
  id: string;
  label: string;
  variant: string;
  levelKey: string;
  trials: TTrialRecord[];
};

/** Fixed: the same run always shows the same intervals. */
export const BOOTSTRAP_SEED = 20261122;
const MAX_CURVE_POINTS = 240;

function downsample<T>(points: T[], max = MAX_CURVE_POINTS): T[] {
  if (points.length <= max) return points;
  const step = (points.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => points[Math.round(i * step)] as T);
}

function compare(reference: TTrialRecord[], group: TTrialRecord[]): TVariantComparison {
  return compareVariants(reference, group, { seed: BOOTSTRAP_SEED });
}

function cells(
  cmp: TVariantComparison | null,
  side: "baseline" | "variant",
  withDelta: boolean,
): TStatCell[] {
  return STATISTICS.map((stat) => {
    const s = cmp?.statistics.find((x) => x.statistic === stat);
    const reps = side === "variant" ? s?.variantRepetitions : s?.baselineRepetitions;
    return {
      stat,
      value: (side === "variant" ? s?.variant : s?.baseline) ?? null,
      mean: reps?.mean ?? null,
      sd: reps?.sd ?? null,
      delta: withDelta && s ? s : null,
      wording: withDelta && s ? formatDeltaWording(s, { baselineLabel: "reference" }) : null,
    };
  });
}

function curvesOf(group: SeriesGroup): TSeriesCurves {
  const histograms = group.trials.flatMap((t) => (t.histogram ? [t.histogram] : []));
  if (histograms.length === 0 || histograms.length !== group.trials.length) {
    return { id: group.id, label: group.label, cdf: [], ccdf: [], histogram: [] };
  }
  const pooled = mergeHistograms(histograms);
  return {
    id: group.id,
    label: group.label,
    cdf: downsample(cdfPoints(pooled)),
    ccdf: downsample(ccdfPoints(pooled)),
    histogram: downsample(
      pooled.buckets.map((b) => ({ start: b.start, end: b.end, count: b.count })),
    ),
  };
}

/**
 * The percentile table of several series against one reference: each statistic pooled over the
 * series' repetitions, mean ± SD over repetitions, and the delta to the reference with core's
 * 95% bootstrap interval. Pure given the trials.
 */
export function buildTable(
  level: TLoadLevel,
  label: string,
  groups: SeriesGroup[],
  referenceIndex: number,
): TLevelReport {
  const reference = groups[referenceIndex];
  const comparisons = groups.map((g, i) =>
    reference && i !== referenceIndex && reference.trials.length > 0 && g.trials.length > 0
      ? compare(reference.trials, g.trials)
      : null,
  );
  const forReference =
    comparisons.find((c) => c !== null) ??
    (reference && reference.trials.length > 0 ? compare(reference.trials, reference.trials) : null);
  const rows: TPercentileRow[] = groups.map((g, i) => {
    const isReference = i === referenceIndex;
    const cmp = isReference ? forReference : comparisons[i];
    const stats = cmp
      ? cells(cmp, isReference ? "baseline" : "variant", !isReference)
      : STATISTICS.map((stat) => ({
          stat,
          value: null,
          mean: null,
          sd: null,
          delta: null,
          wording: null,
        }));
    const first = cmp?.statistics[0];
    const t = throughputOf(g.trials);
    return {
      id: g.id,
      label: g.label,
      variant: g.variant,
      levelKey: g.levelKey,
      isReference,
      repetitions: g.trials.length,
      notEnoughRepetitions: first?.notEnoughRepetitions ?? g.trials.length < 3,
      requestCount: t.requestCount,
      errorCount: t.errorCount,
      achievedQps: t.achievedQps,
      stats,
    };
  });
  return { level, label, rows, curves: groups.map(curvesOf) };
}
