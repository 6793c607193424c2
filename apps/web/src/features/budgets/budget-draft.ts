import type { TBudgetRule, TBudgets } from "@meshbench/contracts";

/** One rule as the editor's fields hold it (text, so half-typed numbers survive). */
export type RuleDraft = {
  kind: TBudgetRule["kind"];
  statistic: string;
  maxMs: string;
  maxPercent: string;
  baselineVariant: string;
  branch: string;
  maxIncreasePercent: string;
  variant: string;
};

export type BudgetsDraft = {
  confidence: string;
  minRepetitions: string;
  minSamples: string;
  rules: RuleDraft[];
};

const text = (n: number | undefined | null) => (n === undefined || n === null ? "" : String(n));
const num = (s: string) => (s.trim() === "" ? undefined : Number(s));

export const emptyRule = (): RuleDraft => ({
  kind: "absolute",
  statistic: "p99",
  maxMs: "",
  maxPercent: "",
  baselineVariant: "baseline",
  branch: "main",
  maxIncreasePercent: "10",
  variant: "",
});

export function draftOf(budgets: TBudgets): BudgetsDraft {
  return {
    confidence: text(budgets.confidence),
    minRepetitions: text(budgets.minRepetitions),
    minSamples: text(budgets.minSamples),
    rules: budgets.rules.map((r) => ({
      ...emptyRule(),
      kind: r.kind,
      statistic: r.statistic,
      variant: r.scope.variant ?? "",
      ...(r.kind === "absolute" ? { maxMs: text(r.maxMs) } : {}),
      ...(r.kind === "overhead"
        ? {
            maxMs: text(r.maxMs),
            maxPercent: text(r.maxPercent),
            baselineVariant: r.baselineVariant,
          }
        : {}),
      ...(r.kind === "regression"
        ? {
            branch: r.reference.branch ?? "",
            maxIncreasePercent: text(r.maxIncreasePercent),
          }
        : {}),
    })),
  };
}

/**
 * The draft as the budgets input (the server's ZBudgets validates it and names the field of
 * anything wrong). A rule's scope keeps only the variant; other scope fields are not edited here.
 */
export function budgetsOf(draft: BudgetsDraft): unknown {
  return {
    confidence: num(draft.confidence),
    minRepetitions: num(draft.minRepetitions),
    minSamples: num(draft.minSamples),
    rules: draft.rules.map((r) => {
      const scope = r.variant.trim() ? { variant: r.variant.trim() } : {};
      const base = { kind: r.kind, statistic: r.statistic, scope };
      if (r.kind === "absolute") return { ...base, maxMs: num(r.maxMs) };
      if (r.kind === "overhead")
        return {
          ...base,
          baselineVariant: r.baselineVariant.trim() || "baseline",
          maxMs: num(r.maxMs),
          maxPercent: num(r.maxPercent),
        };
      return {
        ...base,
        reference: { branch: r.branch.trim() || undefined },
        maxIncreasePercent: num(r.maxIncreasePercent),
      };
    }),
  };
}
