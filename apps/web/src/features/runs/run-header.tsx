import type { TRunReport } from "@meshbench/contracts";
import { RunStatusBadge, trialCount } from "./run-status";

const sourceLabel = { scheduled: "scheduled", ci_upload: "CI upload", import: "import" } as const;

export function RunHeader({ report }: { report: TRunReport }) {
  const r = report.run;
  return (
    <header className="run-header">
      <h1>{r.title}</h1>
      <p className="muted">
        <RunStatusBadge status={r.status} /> · {trialCount(r)} trials
        {r.trialsFailed > 0 ? ` (${r.trialsFailed} failed)` : ""} · {sourceLabel[r.source]}
        {r.trigger ? ` · trigger: ${r.trigger.kind}` : ""}
        {r.benchmarkKey ? ` · benchmark ${r.benchmarkKey}` : ""}
        {r.clusterName ? ` · cluster ${r.clusterName}` : ""}
        {r.gitBranch ? ` · ${r.gitBranch}` : ""}
        {r.gitCommit ? `@${r.gitCommit.slice(0, 8)}` : ""} · created{" "}
        {r.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC
      </p>
      {r.error ? (
        <p role="alert" className="bad">
          {r.error}
        </p>
      ) : null}
    </header>
  );
}
