import type { TBudgetScope, TTrialRecord, TTrialResult, TVerdictCell } from "@meshbench/contracts";
import { levelKey, trialCounts, trialResultOf } from "../trials";

/** One load level of one variant: every valid repetition measured there. */
export interface VerdictCellTrials {
  cell: TVerdictCell;
  /** Variant-independent load coordinates, to pair a variant with its baseline or reference. */
  loadKey: string;
  trials: TTrialResult[];
  samples: number;
}

export const cellKey = (variant: string, loadKey: string) => `${variant}|${loadKey}`;

/** Groups the trials that count (core's one rule) by variant and load level, in first-seen order. */
export function groupCells(trials: readonly TTrialRecord[]): Map<string, VerdictCellTrials> {
  const cells = new Map<string, VerdictCellTrials>();
  for (const t of trials) {
    if (!trialCounts(t)) continue;
    const loadKey = levelKey(t);
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
