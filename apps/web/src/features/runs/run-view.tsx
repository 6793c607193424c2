import type { TRole, TRunDefinition, TRunReport, TVerdictRecord } from "@meshbench/contracts";
import { compareHref } from "~/features/compare/compare-url";
import { DefinitionAsRun } from "~/features/records/definition-as-run";
import { RunAgain, type ClusterChoice } from "~/features/records/run-again";
import { RunVerdict } from "~/features/records/run-verdict";
import { RateOverTime } from "~/features/report/rate-over-time";
import { RunReportView } from "~/features/report/run-report-view";
import { ShareControls } from "~/features/share/share-controls";
import { atLeast } from "~/lib/roles";
import { LiveProgress } from "./live-progress";
import { RunActions } from "./run-actions";
import { RunHeader } from "./run-header";
import { TrialsTable } from "./trials-table";

/**
 * A run's page: header, actions, live progress while it runs, share controls, the verdict (its
 * stored record), the report (each level links to the compare page with every variant at that
 * level), the definition as run (with what changed since) and all its trials.
 * `role` is undefined for a caller outside the workspace.
 */
export function RunView({
  runId,
  report,
  role,
  definition,
  verdict,
  clusters,
}: {
  runId: string;
  report: TRunReport;
  role: TRole | undefined;
  definition: TRunDefinition | null;
  verdict: TVerdictRecord | null;
  clusters: ClusterChoice[];
}) {
  const variants = report.variants;
  const active = report.run.status === "queued" || report.run.status === "running";
  const member = role !== undefined && atLeast(role, "member");
  return (
    <>
      <RunHeader report={report} />
      <RunActions
        runId={runId}
        variants={variants}
        reference={report.reference}
        cancellable={active && member}
        finished={!active}
      />
      {member && definition?.snapshot ? <RunAgain runId={runId} clusters={clusters} /> : null}
      <LiveProgress runId={runId} />
      <ShareControls target={{ kind: "run", runId }} />
      {verdict ? <RunVerdict verdict={verdict} runId={runId} canJudge={member} /> : null}
      <RunReportView
        report={report}
        compareHref={(levelKey) =>
          compareHref(
            variants.map((variant) => ({ runId, variant, levelKey })),
            0,
          )
        }
      />
      <RateOverTime runId={runId} trials={report.trials} />
      {definition ? <DefinitionAsRun view={definition} /> : null}
      <h2>Trials</h2>
      <details>
        <summary>
          All {report.trials.length} trials with the load generator&apos;s own numbers
        </summary>
        <TrialsTable trials={report.trials} />
      </details>
    </>
  );
}
