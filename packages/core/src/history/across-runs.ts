import type { TDelta } from "@meshbench/contracts";
import { computeDelta, DEFAULT_BOOTSTRAP_ITERATIONS, DEFAULT_CONFIDENCE } from "../stats/delta";

/** One history series as the comparison reads it: a per-run summary value for each run. */
export interface RunSeries {
  label: string;
  variant: string;
  points: readonly { runId: string; value: number }[];
}

/** The minimum number of runs on each side for an interval (fewer: point estimate only). */
export const MIN_RUNS_PER_SIDE = 3;

/** In words, for the page and the API: what the interval is over. */
export const ACROSS_RUNS_METHOD =
  `difference of means of per-run values (each run's pooled statistic, one number per run), ` +
  `b − a; ${DEFAULT_CONFIDENCE * 100}% percentile bootstrap resampling runs on each side ` +
  `(${DEFAULT_BOOTSTRAP_ITERATIONS} draws); no interval below ${MIN_RUNS_PER_SIDE} runs per side`;

/**
 * Side a vs side b of a history, series by series: runs are the unit, so each run contributes one
 * value (its pooled statistic) and the interval resamples runs, not trials — night-to-night
 * variation is part of the uncertainty. Series with no run on either side are left out.
 */
export function compareAcrossRuns(
  series: readonly RunSeries[],
  a: ReadonlySet<string>,
  b: ReadonlySet<string>,
  seed: number,
): { label: string; variant: string; delta: TDelta }[] {
  return series.flatMap((s) => {
    const va = s.points.filter((p) => a.has(p.runId)).map((p) => p.value);
    const vb = s.points.filter((p) => b.has(p.runId)).map((p) => p.value);
    if (va.length === 0 && vb.length === 0) return [];
    const delta = computeDelta(va, vb, { seed, minRepetitions: MIN_RUNS_PER_SIDE });
    return [{ label: s.label, variant: s.variant, delta }];
  });
}
