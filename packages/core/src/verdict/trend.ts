import type { TComparisonStatistic, TTrialRecord } from "@meshbench/contracts";
import { sharedFortioResolution, type ComparableTrial } from "../stats/compare";
import { mergeHistograms } from "../stats/merge";
import { summarizeHistogram } from "../stats/percentiles";
import { groupCells } from "./cells";

export interface TrendRunInput {
  id: string;
  trials: readonly TTrialRecord[];
}

export interface TrendValue {
  runId: string;
  cellLabel: string;
  variant: string;
  requestedQps: number | null;
  connections: number;
  /** The run's pooled statistic for this cell, in seconds. */
  value: number;
  repetitions: number;
}

/** Pooled statistic of a cell (merged histograms; mean of summaries for summary-only trials). */
export function pooledValue(
  trials: readonly ComparableTrial[],
  statistic: TComparisonStatistic,
): number | null {
  if (trials.length === 0) return null;
  if (trials.every((t) => t.histogram !== null)) {
    const merged = mergeHistograms(
      trials.map((t) => t.histogram!),
      { fortioResolution: sharedFortioResolution(trials) },
    );
    return summarizeHistogram(merged)[statistic];
  }
  const values = trials
    .map((t) => t.summary?.[statistic] ?? null)
    .filter((v): v is number => v !== null);
  return values.length === 0 ? null : values.reduce((a, v) => a + v, 0) / values.length;
}

/** One value per run and cell (variant × load level), valid trials only, for trend charts. */
export function trendValues(
  runs: readonly TrendRunInput[],
  statistic: TComparisonStatistic,
): TrendValue[] {
  return runs.flatMap((run) =>
    [...groupCells(run.trials).values()].flatMap((c) => {
      const value = pooledValue(c.trials, statistic);
      if (value === null) return [];
      const qps = c.cell.requestedQps === null ? "max" : String(c.cell.requestedQps);
      return [
        {
          runId: run.id,
          cellLabel: `${c.cell.variant} @ ${qps} QPS, ${c.cell.connections} conn`,
          variant: c.cell.variant,
          requestedQps: c.cell.requestedQps,
          connections: c.cell.connections,
          value,
          repetitions: c.trials.length,
        },
      ];
    }),
  );
}
