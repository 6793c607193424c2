import type { TRepetitionRow, TRunRule, TRunRuleReport, TTrialRecord } from "@meshbench/contracts";
import { applyRunRule, countingTrials, levelKey, repetitionStatsOf } from "@meshbench/core";

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
  const repetitionRows = countingTrials(trials)
    .map((t) => ({
      key: t.key,
      variant: t.variant,
      levelKey: levelKey(t),
      repetition: t.repetition,
      dropped: dropped.has(t.key),
      achievedQps: t.actualQps,
      stats: repetitionStatsOf(t),
    }))
    .sort(
      (a, b) =>
        a.levelKey.localeCompare(b.levelKey) ||
        a.variant.localeCompare(b.variant) ||
        a.repetition - b.repetition,
    );
  return { runRule: { rule, cells: outcome.cells }, repetitionRows, kept: outcome.kept };
}
