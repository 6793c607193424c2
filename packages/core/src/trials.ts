import type {
  TLoadLevel,
  TTrialCoordinates,
  TTrialRecord,
  TTrialResult,
} from "@meshbench/contracts";
import { emptyLatencySummary } from "./percentiles";

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

/**
 * A trial's deterministic key, "<variant>/<level key>/rep<n>": the same coordinates always give
 * the same key, which makes scheduling idempotent (a resumed run recognises finished trials) and
 * uploads deduplicable.
 */
export function trialKey(c: TTrialCoordinates): string {
  return `${c.variant}/${levelKey(c)}/rep${c.repetition}`;
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

/**
 * The one rule of which trials count in tables, comparisons and verdicts: succeeded, with numbers,
 * and no validity flag saying those numbers cannot be trusted. Everything else is listed, not used.
 */
export function trialCounts(t: TTrialRecord): boolean {
  return (
    t.status === "succeeded" &&
    (t.histogram !== null || t.summary !== null) &&
    !t.validityFlags.some((f) => f.severity === "invalid")
  );
}

/** The trials that count (trialCounts), in their order. */
export function countingTrials(trials: readonly TTrialRecord[]): TTrialRecord[] {
  return trials.filter(trialCounts);
}

/** The canonical trial result core compares, rebuilt from a stored trial. */
export function trialResultOf(t: TTrialRecord): TTrialResult {
  const summary = t.summary ?? emptyLatencySummary();
  return {
    loadGenerator: t.loadGenerator,
    runType: null,
    labels: t.key,
    startedAt: null,
    requestedQps: t.requestedQps,
    requestedDurationSeconds: null,
    actualQps: t.actualQps ?? 0,
    actualDurationSeconds: t.durationSeconds ?? 0,
    connections: t.connections,
    requestCount: t.requestCount ?? 0,
    errorCount: t.errorCount ?? 0,
    retCodes: {},
    resolutionSeconds: t.resolutionSeconds,
    protocol: t.protocol,
    keepAlive: t.keepAlive,
    payloadBytes: t.payloadBytes,
    histogram: t.summaryOnly ? null : t.histogram,
    summary,
    meta: {},
  };
}
