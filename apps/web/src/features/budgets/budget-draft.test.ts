import { ZBudgets } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { checkDraft, draftOf, emptyRule } from "./budget-draft";

describe("the budgets editor's draft", () => {
  it("round-trips stored budgets of every rule kind", () => {
    const budgets = ZBudgets.parse({
      minRepetitions: 3,
      rules: [
        { kind: "absolute", statistic: "p99", maxMs: 10, scope: { variant: "istio" } },
        { kind: "overhead", statistic: "p50", maxPercent: 20, baselineVariant: "base" },
        { kind: "regression", reference: { branch: "main" }, maxIncreasePercent: 5 },
      ],
    });
    expect(checkDraft(draftOf(budgets))).toEqual({ ok: true, budgets });
  });

  it("names the field of a bad value in a rule, not the union", () => {
    const draft = draftOf(ZBudgets.parse({}));
    draft.rules.push({ ...emptyRule(), maxMs: "abc" });
    draft.minSamples = "0";
    const checked = checkDraft(draft);
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.problems.join("\n")).toMatch(
      /^minSamples: .*\nrules\.0\.maxMs: /,
    );
  });
});
