import {
  STATISTICS,
  type TComparisonStatistic,
  type TRunRule,
  type TTrialRecord,
} from "@meshbench/contracts";
import { summarizeHistogram } from "../stats/percentiles";
import { countingTrials, groupByCell } from "../trials";

/** Every statistic of one repetition, read off its own histogram (or its summary), in seconds. */
export type RepetitionStats = Record<TComparisonStatistic, number | null>;

export function repetitionStatsOf(t: TTrialRecord): RepetitionStats {
  const s =
    t.histogram && t.histogram.count > 0 && !t.summaryOnly
      ? summarizeHistogram(t.histogram)
      : t.summary;
  return Object.fromEntries(STATISTICS.map((k) => [k, s?.[k] ?? null])) as RepetitionStats;
}

const statOfRule = (by: TRunRule["by"]): TComparisonStatistic => (by === "mean" ? "avg" : by);

export interface DroppedRepetition {
  key: string;
  repetition: number;
  /** The statistic that made it the worst (seconds); null when the repetition has none. */
  value: number | null;
}

/** What the run rule did to one cell (variant × load level). */
export interface RunRuleCell {
  variant: string;
  levelKey: string;
  /** Counting repetitions before the rule. */
  total: number;
  kept: number;
  dropped: DroppedRepetition[];
  /** "5 of 6 runs, worst by max dropped: run 4". */
  sentence: string;
}

export interface RunRuleOutcome {
  /** The trials that count after the rule, in their original order. */
  kept: TTrialRecord[];
  cells: RunRuleCell[];
}

function sentenceOf(total: number, kept: number, by: TRunRule["by"], dropped: DroppedRepetition[]) {
  if (dropped.length === 0) return `${kept} of ${total} runs, none dropped`;
  const runs = [...dropped].sort((a, b) => a.repetition - b.repetition).map((d) => d.repetition);
  return `${kept} of ${total} runs, worst by ${by} dropped: run${runs.length > 1 ? "s" : ""} ${runs.join(", ")}`;
}

/**
 * Drops the worst `dropWorst` repetitions of every cell, "worst" being the highest value of the
 * rule's statistic in each repetition's own histogram (C: 6 runs, the one with the highest max
 * dropped). Ties go to the later repetition (then the key), so the choice never depends on order.
 * A repetition without the statistic is never preferred over one that has it, and at least one
 * repetition always stays. Only trials that count (core's one rule) take part.
 */
export function applyRunRule(trials: readonly TTrialRecord[], rule: TRunRule): RunRuleOutcome {
  const counting = countingTrials(trials);
  const stat = statOfRule(rule.by);
  const droppedKeys = new Set<string>();
  const out: RunRuleCell[] = [];
  for (const { variant, level, trials: group } of groupByCell(counting).values()) {
    const ranked = group
      .map((t) => ({ t, value: repetitionStatsOf(t)[stat] }))
      .sort(
        (a, b) =>
          (b.value ?? Number.NEGATIVE_INFINITY) - (a.value ?? Number.NEGATIVE_INFINITY) ||
          b.t.repetition - a.t.repetition ||
          b.t.key.localeCompare(a.t.key),
      );
    const n = Math.min(Math.max(0, rule.dropWorst), group.length - 1);
    const dropped = ranked
      .slice(0, n)
      .map(({ t, value }) => ({ key: t.key, repetition: t.repetition, value }));
    for (const d of dropped) droppedKeys.add(d.key);
    out.push({
      variant,
      levelKey: level.key,
      total: group.length,
      kept: group.length - dropped.length,
      dropped,
      sentence: sentenceOf(group.length, group.length - dropped.length, rule.by, dropped),
    });
  }
  return { kept: counting.filter((t) => !droppedKeys.has(t.key)), cells: out };
}

/**
 * Every trial except the ones the run rule drops: trials that do not count stay, so a verdict
 * still lists them as left out; the dropped ones are gone like from the report's tables.
 */
export function withoutDroppedRuns(
  trials: readonly TTrialRecord[],
  rule: TRunRule | undefined,
): TTrialRecord[] {
  if (!rule || rule.dropWorst <= 0) return [...trials];
  const dropped = new Set(
    applyRunRule(trials, rule).cells.flatMap((c) => c.dropped.map((d) => d.key)),
  );
  return trials.filter((t) => !dropped.has(t.key));
}
