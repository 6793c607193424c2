import type { TRepetitionRow, TRunRule, TRunRuleReport, TTrialRecord } from "@meshbench/contracts";
import { countingTrials, levelOf } from "../trials";
import { applyRunRule, repetitionStatsOf } from "./run-rule";
import { compareLevels } from "./levels";

/**
 * The run rule's outcome and one row per counting repetition (its own avg … max), dropped ones
 * included and marked: what was left out is listed, never hidden.
 */
export function repetitionReport(
  trials: readonly TTrialRecord[],
  rule: TRunRule,
): { runRule: TRunRuleReport; repetitionRows: TRepetitionRow[]; kept: TTrialRecord[] } {
  const outcome = applyRunRule(trials, rule);
  const dropped = new Set(outcome.cells.flatMap((c) => c.dropped.map((d) => d.key)));
  // In the report's level order (100, 500, 1000 QPS), not the level keys' text order.
  const repetitionRows = countingTrials(trials)
    .map((t) => ({ trial: t, level: levelOf(t) }))
    .sort(
      (a, b) =>
        compareLevels(a.level, b.level) ||
        a.trial.variant.localeCompare(b.trial.variant) ||
        a.trial.repetition - b.trial.repetition,
    )
    .map(({ trial: t, level }) => ({
      key: t.key,
      variant: t.variant,
      levelKey: level.key,
      repetition: t.repetition,
      dropped: dropped.has(t.key),
      achievedQps: t.actualQps,
      stats: repetitionStatsOf(t),
    }));
  return { runRule: { rule, cells: outcome.cells }, repetitionRows, kept: outcome.kept };
}
