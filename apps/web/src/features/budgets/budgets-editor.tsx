"use client";
import { STATISTICS, type TBudgets } from "@meshbench/contracts";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTRPC } from "~/trpc/react";
import { checkDraft, draftOf, emptyRule, type BudgetsDraft, type RuleDraft } from "./budget-draft";

const KINDS = ["absolute", "overhead", "regression"] as const;

function RuleRow({
  rule,
  index,
  onChange,
  onRemove,
}: {
  rule: RuleDraft;
  index: number;
  onChange: (rule: RuleDraft) => void;
  onRemove: () => void;
}) {
  const field = (name: keyof RuleDraft, label: string) => (
    <label>
      {label}{" "}
      <input
        name={`rules.${index}.${name}`}
        value={rule[name]}
        size={8}
        onChange={(e) => onChange({ ...rule, [name]: e.target.value })}
      />
    </label>
  );
  return (
    <fieldset data-testid={`budget-rule-${index}`}>
      <legend>Rule {index + 1}</legend>
      <label>
        Kind{" "}
        <select
          name={`rules.${index}.kind`}
          value={rule.kind}
          onChange={(e) => onChange({ ...rule, kind: e.target.value as RuleDraft["kind"] })}
        >
          {KINDS.map((k) => (
            <option key={k}>{k}</option>
          ))}
        </select>
      </label>{" "}
      <label>
        Statistic{" "}
        <select
          name={`rules.${index}.statistic`}
          value={rule.statistic}
          onChange={(e) => onChange({ ...rule, statistic: e.target.value })}
        >
          {STATISTICS.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </label>{" "}
      {rule.kind !== "regression" && field("maxMs", "Max ms")}{" "}
      {rule.kind === "overhead" && field("maxPercent", "Max %")}{" "}
      {rule.kind === "overhead" && field("baselineVariant", "Over variant")}{" "}
      {rule.kind === "regression" && field("branch", "Reference branch")}{" "}
      {rule.kind === "regression" && field("maxIncreasePercent", "Max increase %")}{" "}
      {field("variant", "Only variant")}{" "}
      <button type="button" className="secondary" onClick={onRemove}>
        Remove
      </button>
    </fieldset>
  );
}

/**
 * Admins edit a benchmark's budgets: confidence, minimums and rules. Verdicts already judged keep
 * the budgets they were judged by; the next verdict (or an explicit re-judgement) uses these.
 */
export function BudgetsEditor({
  benchmarkKey,
  initial,
}: {
  benchmarkKey: string;
  initial: TBudgets;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const [draft, setDraft] = useState<BudgetsDraft>(() => draftOf(initial));
  const [errors, setErrors] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  const save = useMutation(
    trpc.verdicts.setBudgets.mutationOptions({
      onError: (e) => setErrors([e.message]),
      onSuccess: () => (setSaved(true), router.refresh()),
    }),
  );
  const setRule = (i: number, rule: RuleDraft) =>
    setDraft((d) => ({ ...d, rules: d.rules.map((r, j) => (j === i ? rule : r)) }));
  const top = (name: "confidence" | "minRepetitions" | "minSamples", label: string) => (
    <label>
      {label}{" "}
      <input
        name={name}
        value={draft[name]}
        size={6}
        onChange={(e) => setDraft((d) => ({ ...d, [name]: e.target.value }))}
      />
    </label>
  );
  return (
    <form
      className="panel budgets-editor"
      aria-label="Budgets"
      onSubmit={(e) => {
        e.preventDefault();
        setSaved(false);
        const checked = checkDraft(draft);
        if (!checked.ok) {
          setErrors(checked.problems);
          return;
        }
        setErrors([]);
        save.mutate({ benchmarkKey, budgets: checked.budgets });
      }}
    >
      <p>
        {top("confidence", "Confidence")} {top("minRepetitions", "Min repetitions")}{" "}
        {top("minSamples", "Min samples")}
      </p>
      {draft.rules.map((rule, i) => (
        <RuleRow
          key={i}
          rule={rule}
          index={i}
          onChange={(r) => setRule(i, r)}
          onRemove={() => setDraft((d) => ({ ...d, rules: d.rules.filter((_, j) => j !== i) }))}
        />
      ))}
      <p className="actions">
        <button
          type="button"
          className="secondary"
          onClick={() => setDraft((d) => ({ ...d, rules: [...d.rules, emptyRule()] }))}
        >
          Add rule
        </button>
        <button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save budgets"}
        </button>
        {saved ? <span role="status">Saved</span> : null}
      </p>
      {errors.length ? (
        <ul role="alert" className="field-error">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}
