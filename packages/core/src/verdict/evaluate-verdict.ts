import type {
  TBudgetRule,
  TBudgets,
  TTrialRecord,
  TVerdictCheck,
  TVerdictStatus,
} from "@meshbench/contracts";
import { compareVariants } from "../stats/compare";
import { DEFAULT_MIN_REPETITIONS } from "../stats/delta";
import { trialCounts } from "../trials";
import { cellAt, describeCell, groupCells, inScope, type VerdictCellTrials } from "./cells";
import { effectOf, fmtMs, judgeDelta, ms, type Limit } from "./decide";
import { pooledValue } from "./trend";

export interface EvaluateVerdictInput {
  budgets: TBudgets;
  /** The run being judged (the candidate). */
  trials: readonly TTrialRecord[];
  /** The reference run's trials for regression rules; null when no reference run exists. */
  reference: { trials: readonly TTrialRecord[]; label: string } | null;
  /** What the regression rules would compare against, for the "no reference" reason. */
  missingReferenceLabel?: string;
  seed: number;
  iterations?: number;
}

export interface VerdictOutcome {
  status: TVerdictStatus;
  reasons: string[];
  checks: TVerdictCheck[];
}

type Ctx = { budgets: TBudgets; seed: number; iterations: number | undefined };
type CheckBase = Pick<TVerdictCheck, "rule" | "kind" | "statistic" | "cell">;

function tooFew(c: VerdictCellTrials, ctx: Ctx): string | null {
  if (c.trials.length < ctx.budgets.minRepetitions) {
    return `${c.trials.length} valid repetition(s), at least ${ctx.budgets.minRepetitions} required`;
  }
  if (c.samples < ctx.budgets.minSamples)
    return `${c.samples} samples, at least ${ctx.budgets.minSamples} required`;
  return null;
}

function compare(
  base: CheckBase,
  reference: VerdictCellTrials,
  candidate: VerdictCellTrials,
  limit: Limit,
  against: string,
  ctx: Ctx,
): TVerdictCheck {
  const subject = describeCell(candidate.cell);
  const few = tooFew(reference, ctx) ?? tooFew(candidate, ctx);
  if (few)
    return {
      ...base,
      status: "inconclusive",
      reason: `${subject}: ${few} (${against})`,
      observedMs: null,
      effect: null,
    };
  const statistic = base.statistic ?? "p99";
  const comparison = compareVariants(reference.trials, candidate.trials, {
    seed: ctx.seed,
    iterations: ctx.iterations,
    confidence: ctx.budgets.confidence,
    // The report computes no interval below DEFAULT_MIN_REPETITIONS per side; neither does a
    // verdict, whatever older budgets say (they once defaulted to 2): one rule, one answer.
    minRepetitions: Math.max(ctx.budgets.minRepetitions, DEFAULT_MIN_REPETITIONS),
    statistics: [statistic],
  });
  const delta = comparison.statistics[0]!;
  const judged = judgeDelta(delta, limit, { subject, against, statistic });
  return {
    ...base,
    ...judged,
    observedMs: delta.variant === null ? null : ms(delta.variant),
    effect: effectOf(delta),
  };
}

function checkRule(
  index: number,
  rule: TBudgetRule,
  cells: Map<string, VerdictCellTrials>,
  reference: EvaluateVerdictInput["reference"],
  missing: string,
  ctx: Ctx,
): TVerdictCheck[] {
  const base = (c: VerdictCellTrials): CheckBase => ({
    rule: index,
    kind: rule.kind,
    statistic: rule.statistic,
    cell: c.cell,
  });
  const matching = [...cells.values()].filter((c) => inScope(c.cell, rule.scope));
  if (rule.kind === "overhead")
    matching.splice(
      0,
      matching.length,
      ...matching.filter((c) => c.cell.variant !== rule.baselineVariant),
    );
  if (matching.length === 0) {
    return [
      {
        rule: index,
        kind: rule.kind,
        statistic: rule.statistic,
        cell: null,
        status: "inconclusive",
        reason: `rule ${index + 1} (${rule.kind}) matches no measured cell`,
        observedMs: null,
        effect: null,
      },
    ];
  }
  if (rule.kind === "absolute") {
    return matching.map((c) => {
      const subject = describeCell(c.cell);
      const few = tooFew(c, ctx);
      if (few)
        return {
          ...base(c),
          status: "inconclusive",
          reason: `${subject}: ${few}`,
          observedMs: null,
          effect: null,
        };
      const value = pooledValue(c.trials, rule.statistic);
      if (value === null)
        return {
          ...base(c),
          status: "inconclusive",
          reason: `${subject}: no ${rule.statistic} reported`,
          observedMs: null,
          effect: null,
        };
      const status: TVerdictStatus = ms(value) <= rule.maxMs ? "pass" : "fail";
      const word = status === "pass" ? "within budget" : "over budget";
      return {
        ...base(c),
        status,
        reason: `${subject}: ${word} — pooled ${rule.statistic} ${fmtMs(value)}, limit ${rule.maxMs} ms`,
        observedMs: ms(value),
        effect: null,
      };
    });
  }
  if (rule.kind === "overhead") {
    return matching.flatMap((c) => {
      const baseline = cells.get(cellAt(rule.baselineVariant, c.level));
      if (!baseline) {
        return [
          {
            ...base(c),
            status: "inconclusive" as const,
            reason: `${describeCell(c.cell)}: no ${rule.baselineVariant} trials at this load level`,
            observedMs: null,
            effect: null,
          },
        ];
      }
      const limits: Limit[] = [];
      if (rule.maxPercent !== undefined)
        limits.push({ on: "relative", value: rule.maxPercent / 100 });
      if (rule.maxMs !== undefined) limits.push({ on: "absolute", value: rule.maxMs / 1e3 });
      return limits.map((limit) =>
        compare(base(c), baseline, c, limit, `${rule.baselineVariant} in the same run`, ctx),
      );
    });
  }
  if (!reference) {
    return [
      {
        rule: index,
        kind: "regression",
        statistic: rule.statistic,
        cell: null,
        status: "inconclusive",
        reason: `no reference run (${missing}) to compare against`,
        observedMs: null,
        effect: null,
      },
    ];
  }
  const refCells = groupCells(reference.trials);
  return matching.map((c) => {
    const ref = refCells.get(cellAt(c.cell.variant, c.level));
    if (!ref)
      return {
        ...base(c),
        status: "inconclusive",
        reason: `${describeCell(c.cell)}: not measured in ${reference.label}`,
        observedMs: null,
        effect: null,
      };
    return compare(
      base(c),
      ref,
      c,
      { on: "relative", value: rule.maxIncreasePercent / 100 },
      reference.label,
      ctx,
    );
  });
}

/**
 * Judges a run against its benchmark's budgets. Pure and deterministic for a given seed.
 * Invalid trials (validity flags of severity "invalid", failed trials) are left out and listed.
 */
export function evaluateVerdict(input: EvaluateVerdictInput): VerdictOutcome {
  const ctx: Ctx = { budgets: input.budgets, seed: input.seed, iterations: input.iterations };
  const cells = groupCells(input.trials);
  const checks: TVerdictCheck[] = [];
  const excluded = input.trials.filter((t) => !trialCounts(t));
  if (excluded.length > 0) {
    const names = excluded.map(
      (t) => `${t.key} (${t.validityFlags.map((f) => f.code).join(", ") || t.status})`,
    );
    checks.push({
      rule: null,
      kind: "validity",
      statistic: null,
      cell: null,
      status: "pass",
      reason: `left out ${excluded.length} invalid trial(s): ${names.join("; ")}`,
      observedMs: null,
      effect: null,
    });
  }
  if (input.budgets.rules.length === 0) {
    checks.push({
      rule: null,
      kind: "validity",
      statistic: null,
      cell: null,
      status: "inconclusive",
      reason: "the benchmark defines no budgets",
      observedMs: null,
      effect: null,
    });
  } else if (cells.size === 0) {
    checks.push({
      rule: null,
      kind: "validity",
      statistic: null,
      cell: null,
      status: "inconclusive",
      reason: "the run has no valid trials",
      observedMs: null,
      effect: null,
    });
  } else {
    const missing = input.missingReferenceLabel ?? "reference";
    input.budgets.rules.forEach((rule, i) =>
      checks.push(...checkRule(i, rule, cells, input.reference, missing, ctx)),
    );
  }
  const status: TVerdictStatus = checks.some((c) => c.status === "fail")
    ? "fail"
    : checks.some((c) => c.status === "inconclusive")
      ? "inconclusive"
      : "pass";
  // Passing checks are noise in a failing verdict, except the note on left-out trials.
  const reasons = checks
    .filter((c) => status === "pass" || c.status !== "pass" || c.kind === "validity")
    .map((c) => c.reason);
  return { status, reasons, checks };
}
