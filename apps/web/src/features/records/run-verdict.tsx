import type { TBudgetRule, TVerdictRecord } from "@meshbench/contracts";
import Link from "next/link";
import { JudgeAgain } from "./judge-again";

function ruleText(rule: TBudgetRule) {
  const scope = rule.scope.variant ? ` (${rule.scope.variant})` : "";
  if (rule.kind === "absolute") return `${rule.statistic} ≤ ${rule.maxMs} ms${scope}`;
  if (rule.kind === "overhead")
    return `${rule.statistic} overhead over ${rule.baselineVariant} ≤ ${[
      rule.maxPercent !== undefined ? `${rule.maxPercent}%` : null,
      rule.maxMs !== undefined ? `${rule.maxMs} ms` : null,
    ]
      .filter(Boolean)
      .join(" and ")}${scope}`;
  const ref = rule.reference.branch
    ? `branch ${rule.reference.branch}`
    : `tag ${rule.reference.tag}`;
  return `${rule.statistic} at most +${rule.maxIncreasePercent}% over ${ref}${scope}`;
}

/**
 * The run's verdict against its benchmark's budgets: the stored record (judged once, with the
 * budgets as they were), its reasons and checks; members may ask for a new judgement.
 */
export function RunVerdict({
  verdict,
  runId,
  canJudge,
}: {
  verdict: TVerdictRecord;
  runId: string;
  canJudge: boolean;
}) {
  return (
    <section data-testid="run-verdict">
      <h2>
        Verdict{" "}
        <span className={`badge verdict-${verdict.status}`} data-testid="verdict-status">
          {verdict.status}
        </span>
      </h2>
      <p className="muted small">
        {verdict.id
          ? `Judged ${verdict.judgedAt.slice(0, 16).replace("T", " ")} UTC against the budgets as they were then; later budget edits do not change it.`
          : "The run is still in progress: judged now, not stored."}
        {verdict.reference
          ? ` Reference: run ${verdict.reference.runId}${verdict.reference.gitBranch ? ` on ${verdict.reference.gitBranch}` : ""}.`
          : ""}
        {verdict.benchmarkKey ? (
          <>
            {" "}
            <Link href={`/benchmarks/${encodeURIComponent(verdict.benchmarkKey)}/budgets`}>
              Budgets
            </Link>
          </>
        ) : null}
      </p>
      <ul data-testid="verdict-budgets">
        {verdict.budgets.rules.length === 0 ? (
          <li className="muted">no budget rules</li>
        ) : (
          verdict.budgets.rules.map((r, i) => <li key={i}>{ruleText(r)}</li>)
        )}
      </ul>
      <details open={verdict.status !== "pass"}>
        <summary>{verdict.reasons.length} reason(s)</summary>
        <ul data-testid="verdict-reasons">
          {verdict.reasons.map((reason, i) => (
            <li key={i}>{reason}</li>
          ))}
        </ul>
      </details>
      {canJudge && verdict.id ? <JudgeAgain runId={runId} /> : null}
    </section>
  );
}
