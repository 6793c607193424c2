import {
  isRunActive,
  type TRunDetail,
  type TTrialFailures,
  type TTrialRow,
} from "@meshbench/contracts";
import { cellKey, groupByCell } from "../trials";

/**
 * The failed trials of a run as the report states them. A failed trial is a validity problem of
 * the run (its cell has fewer repetitions than planned), never a trial that "met its checks".
 */
export function trialFailures(
  run: Pick<TRunDetail, "status"> & { trials: readonly TTrialRow[] },
): TTrialFailures {
  const failed = run.trials.filter((t) => t.status === "failed");
  const reasons = new Map<string, string[]>();
  for (const t of failed) {
    const reason = t.failureReason ?? "no reason recorded";
    reasons.set(reason, [...(reasons.get(reason) ?? []), t.key]);
  }
  // While a run is still going, missing repetitions are only pending, not lacking.
  const finished = !isRunActive(run.status);
  const failedCells = new Set(failed.map(cellKey));
  return {
    count: failed.length,
    reasons: [...reasons].map(([reason, trials]) => ({ reason, count: trials.length, trials })),
    incompleteCells: [...groupByCell(run.trials).values()]
      .map((c) => ({
        key: c.key,
        variant: c.variant,
        levelKey: c.level.key,
        planned: c.trials.length,
        succeeded: c.trials.filter((t) => t.status === "succeeded").length,
      }))
      .filter((c) => c.succeeded < c.planned && (finished || failedCells.has(c.key)))
      .map(({ key: _key, ...c }) => c),
  };
}
