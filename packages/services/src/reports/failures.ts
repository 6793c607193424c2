import { isRunActive, type TRunDetail, type TTrialFailures } from "@meshbench/contracts";
import { levelOf } from "@meshbench/core";

/**
 * The failed trials of a run as the report states them. A failed trial is a validity problem of
 * the run (its cell has fewer repetitions than planned), never a trial that "met its checks".
 */
export function trialFailures(run: Pick<TRunDetail, "status" | "trials">): TTrialFailures {
  const failed = run.trials.filter((t) => t.status === "failed");
  const reasons = new Map<string, string[]>();
  for (const t of failed) {
    const reason = t.failureReason ?? "no reason recorded";
    reasons.set(reason, [...(reasons.get(reason) ?? []), t.key]);
  }
  const cells = new Map<
    string,
    { variant: string; levelKey: string; planned: number; succeeded: number }
  >();
  for (const t of run.trials) {
    const levelKey = levelOf(t).key;
    const id = `${t.variant}@${levelKey}`;
    const cell = cells.get(id) ?? { variant: t.variant, levelKey, planned: 0, succeeded: 0 };
    cell.planned += 1;
    if (t.status === "succeeded") cell.succeeded += 1;
    cells.set(id, cell);
  }
  // While a run is still going, missing repetitions are only pending, not lacking.
  const finished = !isRunActive(run.status);
  return {
    count: failed.length,
    reasons: [...reasons].map(([reason, trials]) => ({ reason, count: trials.length, trials })),
    incompleteCells: [...cells.values()].filter(
      (c) =>
        c.succeeded < c.planned &&
        (finished || failed.some((t) => t.variant === c.variant && levelOf(t).key === c.levelKey)),
    ),
  };
}
