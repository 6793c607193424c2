import { STATISTICS, type TComparisonStatistic, type TTrialRecord } from "@meshbench/contracts";
import { sharedFortioResolution, type ComparableTrial } from "../stats/compare";
import { mergeHistograms } from "../stats/merge";
import { summarizeHistogram } from "../stats/percentiles";
import { groupCells } from "./cells";

/** A run's pooled statistics (seconds; null when unknown) in one cell. */
export interface TrendCell {
  variant: string;
  requestedQps: number | null;
  connections: number;
  repetitions: number;
  values: Record<TComparisonStatistic, number | null>;
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

/** Every statistic of a cell, pooled once (merged histograms; mean of summaries otherwise). */
function pooledValues(trials: readonly ComparableTrial[]): TrendCell["values"] {
  const values = Object.fromEntries(STATISTICS.map((s) => [s, null])) as TrendCell["values"];
  if (trials.length === 0) return values;
  if (trials.every((t) => t.histogram !== null)) {
    const summary = summarizeHistogram(
      mergeHistograms(
        trials.map((t) => t.histogram!),
        { fortioResolution: sharedFortioResolution(trials) },
      ),
    );
    for (const s of STATISTICS) values[s] = summary[s];
    return values;
  }
  for (const s of STATISTICS) {
    const known = trials.map((t) => t.summary?.[s] ?? null).filter((v): v is number => v !== null);
    values[s] = known.length === 0 ? null : known.reduce((a, v) => a + v, 0) / known.length;
  }
  return values;
}

/** Pooled statistic of a cell (merged histograms; mean of summaries for summary-only trials). */
export function pooledValue(
  trials: readonly ComparableTrial[],
  statistic: TComparisonStatistic,
): number | null {
  return trials.length === 0 ? null : pooledValues(trials)[statistic];
}

/**
 * A run's per-cell (variant × load level) pooled statistics, valid trials only: what its trend
 * points are made of. Computed once per finished run and stored (Run.cellSummaries), so history
 * reads no histograms, and a run whose histograms were pruned still has its points.
 */
export function trendCells(trials: readonly TTrialRecord[]): TrendCell[] {
  return [...groupCells(trials).values()].map((c) => ({
    variant: c.cell.variant,
    requestedQps: c.cell.requestedQps,
    connections: c.cell.connections,
    repetitions: c.trials.length,
    values: pooledValues(c.trials),
  }));
}

/** One value per run and cell from the runs' stored cells, for trend charts. */
export function trendValuesOfCells(
  runs: readonly { id: string; cells: readonly TrendCell[] }[],
  statistic: TComparisonStatistic,
): TrendValue[] {
  return runs.flatMap((run) =>
    run.cells.flatMap((c) => {
      const value = c.values[statistic];
      // Stored cells went through JSON, where a NaN became null: skipped alike either way.
      if (value === null || value === undefined || !Number.isFinite(value)) return [];
      const qps = c.requestedQps === null ? "max" : String(c.requestedQps);
      return [
        {
          runId: run.id,
          cellLabel: `${c.variant} @ ${qps} QPS, ${c.connections} conn`,
          variant: c.variant,
          requestedQps: c.requestedQps,
          connections: c.connections,
          value,
          repetitions: c.repetitions,
        },
      ];
    }),
  );
}
