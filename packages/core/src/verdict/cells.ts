import type { TBudgetScope, TTrialRecord, TTrialResult, TVerdictCell } from "@meshbench/contracts";
import { emptyLatencySummary } from "../percentiles";

/** One load level of one variant: every valid repetition measured there. */
export interface VerdictCellTrials {
  cell: TVerdictCell;
  /** Variant-independent load coordinates, to pair a variant with its baseline or reference. */
  loadKey: string;
  trials: TTrialResult[];
  samples: number;
}

const loadKeyOf = (t: TTrialRecord) =>
  [
    t.requestedQps ?? "max",
    t.connections,
    t.payloadBytes,
    t.protocol,
    t.keepAlive ? "ka" : "noka",
  ].join("/");

export const cellKey = (variant: string, loadKey: string) => `${variant}|${loadKey}`;

/** What compareVariants needs from a stored trial: its histogram and summary. */
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

/** A trial counts when it succeeded and no validity flag says its numbers cannot be trusted. */
export function isUsable(t: TTrialRecord): boolean {
  return t.status === "succeeded" && !t.validityFlags.some((f) => f.severity === "invalid");
}

/** Groups usable trials by variant and load level, in first-seen order. */
export function groupCells(trials: readonly TTrialRecord[]): Map<string, VerdictCellTrials> {
  const cells = new Map<string, VerdictCellTrials>();
  for (const t of trials) {
    if (!isUsable(t)) continue;
    const loadKey = loadKeyOf(t);
    const key = cellKey(t.variant, loadKey);
    let cell = cells.get(key);
    if (!cell) {
      cell = {
        cell: { variant: t.variant, requestedQps: t.requestedQps, connections: t.connections },
        loadKey,
        trials: [],
        samples: 0,
      };
      cells.set(key, cell);
    }
    cell.trials.push(trialResultOf(t));
    cell.samples += t.histogram?.count ?? t.requestCount ?? 0;
  }
  return cells;
}

export function inScope(cell: TVerdictCell, scope: TBudgetScope): boolean {
  if (scope.variant !== undefined && scope.variant !== cell.variant) return false;
  if (scope.requestedQps !== undefined && scope.requestedQps !== cell.requestedQps) return false;
  if (scope.connections !== undefined && scope.connections !== cell.connections) return false;
  return true;
}

export function describeCell(cell: TVerdictCell): string {
  return `${cell.variant} @ ${cell.requestedQps === null ? "max" : cell.requestedQps} QPS, ${cell.connections} conn`;
}
