import type { TBenchmarkHistory, TChangePoint, TComparisonStatistic } from "@meshbench/contracts";
import { createHash } from "node:crypto";
import { changePointsBySeries, type TimeSeries } from "@meshbench/core";
import type { ChangePointDecisionRecord } from "@meshbench/db";

/** Fixed: the same history always shows the same change points. */
export const CHANGE_POINT_SEED = 20261124;

type Found = ReturnType<typeof changePointsBySeries<string>>;
const cache = new Map<string, Found>();
const CACHE_ENTRIES = 64;

/**
 * The detection is a pure function of the series (fixed seed), and 199 permutations of 1,000
 * runs cost tens of milliseconds per series: kept per process, keyed by a hash of the series, so
 * repeat views of a history and every view until the next run cost nothing (bench: scale).
 */
function detectCached(series: TimeSeries[]): Found {
  const key = createHash("sha256").update(JSON.stringify(series)).digest("hex");
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const found = changePointsBySeries(series, { seed: CHANGE_POINT_SEED });
  cache.set(key, found);
  if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  return found;
}

/** The decision key of a series: variant × level (the series label) × statistic. */
export const seriesKeyOf = (label: string, statistic: TComparisonStatistic) =>
  `${label}|${statistic}`;

/**
 * E-divisive change points (core, α = 0.05, 199 permutations, segments ≥ 5 runs) of every series
 * of a history, each with the decision people made on it (open when none). Values in ms.
 */
export function historyChangePoints(
  history: Pick<TBenchmarkHistory, "series" | "runs" | "statistic">,
  decisions: readonly ChangePointDecisionRecord[],
): TChangePoint[] {
  const decided = new Map(decisions.map((d) => [`${d.seriesKey}\n${d.runId}`, d]));
  const createdAt = new Map(history.runs.map((r) => [r.runId, r.createdAt]));
  const bySeries = new Map(history.series.map((s) => [seriesKeyOf(s.label, history.statistic), s]));
  const found = detectCached(
    [...bySeries].map(([key, s]) => ({
      key,
      points: s.points.map((p) => ({ at: p.runId, value: p.valueMs })),
    })),
  );
  return found.map((c) => {
    const series = bySeries.get(c.key)!;
    const decision = decided.get(`${c.key}\n${c.at}`);
    return {
      seriesKey: c.key,
      seriesLabel: series.label,
      variant: series.variant,
      statistic: history.statistic,
      runId: c.at,
      previousRunId: c.previousAt,
      createdAt: createdAt.get(c.at) ?? "",
      beforeMs: c.meanBefore,
      afterMs: c.meanAfter,
      relativeChange: c.relativeChange,
      pValue: c.pValue,
      status: decision?.status ?? "open",
      decidedAt: decision?.decidedAt ?? null,
    };
  });
}
