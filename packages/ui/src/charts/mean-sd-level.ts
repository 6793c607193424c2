import type { TComparisonStatistic, TLevelReport } from "@meshbench/contracts";

/**
 * What the mean ± SD chart draws of a load level: per variant its repetitions and each
 * statistic's mean and SD. A server page passes this, not the level: the chart's props travel in
 * the page's RSC payload, and the level's deltas, intervals and curves would triple it.
 */
export type MeanSdLevel = {
  key: string;
  label: string;
  rows: {
    variant: string;
    repetitions: number;
    stats: { stat: TComparisonStatistic; mean: number | null; sd: number | null }[];
  }[];
};

export function meanSdLevel(level: TLevelReport): MeanSdLevel {
  return {
    key: level.level.key,
    label: level.label,
    rows: level.rows.map((r) => ({
      variant: r.variant,
      repetitions: r.repetitions,
      stats: r.stats.map((s) => ({ stat: s.stat, mean: s.mean, sd: s.sd })),
    })),
  };
}
