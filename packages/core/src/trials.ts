import type { TLoadLevel, TTrialCoordinates, TTrialRecord } from "@meshbench/contracts";
import {
  classifySaturation,
  type SaturationThresholds,
  type SaturationVerdict,
} from "./saturation/classify";

/** The load coordinates of a trial, without its variant and repetition. */
export type LevelCoordinates = Pick<
  TTrialCoordinates,
  "requestedQps" | "connections" | "payloadBytes" | "protocol" | "keepAlive"
>;

/** A load level's key: "qps-500/c8/p0/http1/ka" (QPS "max" when unthrottled). */
export function levelKey(c: LevelCoordinates): string {
  const qps = c.requestedQps === null ? "max" : String(c.requestedQps);
  return `qps-${qps}/c${c.connections}/p${c.payloadBytes}/${c.protocol}/${c.keepAlive ? "ka" : "noka"}`;
}

/** A cell: a variant at a load level (every repetition measured there). */
export type CellCoordinates = LevelCoordinates & { variant: string };

/** A cell's key, "<variant>/<level key>": the one key of "a variant at a load level". */
export function cellKey(c: CellCoordinates): string {
  return `${c.variant}/${levelKey(c)}`;
}

/**
 * A trial's deterministic key, "<cell key>/rep<n>": the same coordinates always give the same
 * key, which makes scheduling idempotent (a resumed run recognises finished trials) and uploads
 * deduplicable.
 */
export function trialKey(c: TTrialCoordinates): string {
  return `${cellKey(c)}/rep${c.repetition}`;
}

/** A trial's load level (its key without variant and repetition, and the coordinates). */
export function levelOf(c: LevelCoordinates): TLoadLevel {
  return {
    key: levelKey(c),
    requestedQps: c.requestedQps,
    connections: c.connections,
    payloadBytes: c.payloadBytes,
    protocol: c.protocol,
    keepAlive: c.keepAlive,
  };
}

/** The trials of one cell, with its key, variant and load level. */
export interface Cell<T extends CellCoordinates> {
  key: string;
  variant: string;
  level: TLoadLevel;
  trials: T[];
}

/**
 * The one grouping of trials by cell (variant × load level): cells in the order their first
 * trial comes, trials in their order within each.
 */
export function groupByCell<T extends CellCoordinates>(trials: Iterable<T>): Map<string, Cell<T>> {
  const cells = new Map<string, Cell<T>>();
  for (const t of trials) {
    const key = cellKey(t);
    const cell = cells.get(key);
    if (cell) cell.trials.push(t);
    else cells.set(key, { key, variant: t.variant, level: levelOf(t), trials: [t] });
  }
  return cells;
}

/** Why a trial is left out of latency tables, comparisons and verdicts (null: it counts). */
export type TrialExclusion =
  "not_succeeded" | "no_numbers" | "saturated" | "load_generator_saturated" | "invalid";

export interface TrialStanding {
  /** In latency tables, deltas and verdicts. */
  countsForLatency: boolean;
  /** On load curves (achieved vs requested, error rate, latency vs achieved QPS). */
  onLoadCurve: boolean;
  exclusion: TrialExclusion | null;
  /** The sentence shown beside an excluded trial; null when it counts. */
  reason: string | null;
  saturation: SaturationVerdict | null;
}

/** Flags that saturation explains: a saturated trial raises them, and they make it no less useful for load curves. */
const SATURATION_FLAGS = new Set(["qps_shortfall", "errors"]);

/**
 * The one rule of which trials count, and why the others do not:
 * - not succeeded, or no numbers: listed, used nowhere;
 * - load generator saturated (its `load_generator_saturated` flag, core's assessLoadGenerator):
 *   the trial measured the generator, so it is used nowhere (not even on load curves, where it
 *   would draw a false knee), with the flag's reason; capacity searches say "load generator bound";
 * - saturated (achieved < 95% of requested, or > 1% errors; see classifySaturation): out of
 *   latency deltas with that reason, but a data point on the load curves;
 * - any other invalid validity flag (e.g. too few samples): listed, used nowhere;
 * - otherwise it counts.
 */
export function trialStanding(
  t: TTrialRecord,
  thresholds: Partial<SaturationThresholds> = {},
): TrialStanding {
  const out = (
    exclusion: TrialExclusion,
    reason: string,
    saturation: SaturationVerdict | null = null,
  ) => ({
    countsForLatency: false,
    onLoadCurve: false,
    exclusion,
    reason,
    saturation,
  });
  if (t.status !== "succeeded") return out("not_succeeded", t.failureReason ?? `trial ${t.status}`);
  const saturation =
    t.actualQps === null || t.requestCount === null
      ? null
      : classifySaturation(
          {
            requestedQps: t.requestedQps,
            actualQps: t.actualQps,
            requestCount: t.requestCount,
            errorCount: t.errorCount ?? 0,
          },
          thresholds,
        );
  const generator = t.validityFlags.find((f) => f.code === "load_generator_saturated");
  if (generator) return out("load_generator_saturated", generator.message, saturation);
  const otherInvalid = t.validityFlags.find(
    (f) => f.severity === "invalid" && !(saturation?.saturated && SATURATION_FLAGS.has(f.code)),
  );
  if (otherInvalid) return out("invalid", otherInvalid.message, saturation);
  if (saturation?.saturated) {
    return { ...out("saturated", saturation.reason ?? "saturated", saturation), onLoadCurve: true };
  }
  if (t.histogram === null && t.summary === null)
    return out("no_numbers", "no latency numbers recorded");
  return {
    countsForLatency: true,
    onLoadCurve: t.actualQps !== null,
    exclusion: null,
    reason: null,
    saturation,
  };
}

/** Whether a trial counts in tables, comparisons and verdicts (trialStanding's countsForLatency). */
export function trialCounts(t: TTrialRecord): boolean {
  return trialStanding(t).countsForLatency;
}

/** The trials that count (trialCounts), in their order. */
export function countingTrials(trials: readonly TTrialRecord[]): TTrialRecord[] {
  return trials.filter(trialCounts);
}

/** The trials drawn on load curves: the counting ones plus the saturated ones, in their order. */
export function loadCurveTrials(trials: readonly TTrialRecord[]): TTrialRecord[] {
  return trials.filter((t) => trialStanding(t).onLoadCurve);
}
