import {
  ZAbsoluteBudget,
  ZBudgets,
  ZOverheadBudget,
  ZRegressionBudget,
  type TBudgetRule,
  type TBudgets,
} from "@meshbench/contracts";

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

const RULE_SCHEMAS = {
  absolute: ZAbsoluteBudget,
  overhead: ZOverheadBudget,
  regression: ZRegressionBudget,
} as const;

type Issue = { path: readonly PropertyKey[]; message: string };
const said = (prefix: string, issues: readonly Issue[]) =>
  issues.map((i) => `${[prefix, ...i.path.map(String)].filter(Boolean).join(".")}: ${i.message}`);

/**
 * The draft checked by the contracts' schema: the budgets, or every problem named by its field
 * (a rule by its own kind's schema, so "rules.0.maxMs" rather than the union's "invalid input").
 */
export function checkDraft(
  draft: BudgetsDraft,
): { ok: true; budgets: TBudgets } | { ok: false; problems: string[] } {
  const value = budgetsOf(draft) as { rules: { kind: TBudgetRule["kind"] }[] };
  const parsed = ZBudgets.safeParse(value);
  if (parsed.success) return { ok: true, budgets: parsed.data };
  const problems = value.rules.flatMap((rule, i) => {
    const checked = RULE_SCHEMAS[rule.kind].safeParse(rule);
    return checked.success ? [] : said(`rules.${i}`, checked.error.issues);
  });
  const other = parsed.error.issues.filter((i) => i.path[0] !== "rules");
  return { ok: false, problems: [...said("", other), ...problems] };
}
