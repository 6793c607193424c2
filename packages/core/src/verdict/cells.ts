import type { TBudgetScope, TLoadLevel, TTrialRecord, TVerdictCell } from "@meshbench/contracts";
import { cellKey, countingTrials, groupByCell } from "../trials";

/** One load level of one variant: every valid repetition measured there. */
export interface VerdictCellTrials {
  cell: TVerdictCell;
  /** The load level, to pair a variant with its baseline or reference at the same one. */
  level: TLoadLevel;
  trials: TTrialRecord[];
  samples: number;
}

/** The key of `variant`'s cell at `level` (core's one cell key). */
export const cellAt = (variant: string, level: TLoadLevel) => cellKey({ ...level, variant });

/** The trials that count (core's one rule), by cell (core's one grouping), in first-seen order. */
export function groupCells(trials: readonly TTrialRecord[]): Map<string, VerdictCellTrials> {
  const out = new Map<string, VerdictCellTrials>();
  for (const [key, c] of groupByCell(countingTrials(trials))) {
    const first = c.trials[0]!;
    out.set(key, {
      cell: {
        variant: c.variant,
        requestedQps: first.requestedQps,
        connections: first.connections,
      },
      level: c.level,
      trials: c.trials,
      samples: c.trials.reduce((n, t) => n + (t.histogram?.count ?? t.requestCount ?? 0), 0),
    });
  }
  return out;
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
