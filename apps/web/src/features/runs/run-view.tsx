import {
  isRunActive,
  type TRole,
  type TRunDefinition,
  type TRunExclusion,
  type TRunReport,
  type TVerdictRecord,
} from "@meshbench/contracts";
import { compareHref } from "~/features/compare/compare-url";
import { RunExclusionNote } from "~/features/history/run-exclusion-note";
import { DefinitionAsRun } from "~/features/records/definition-as-run";
import { RunAgain, type ClusterChoice } from "~/features/records/run-again";
import { RunVerdict } from "~/features/records/run-verdict";
import { RunReportView } from "~/features/report/run-report-view";
import { ShareControls } from "~/features/share/share-controls";
import { atLeast } from "~/lib/roles";
import { LiveProgress } from "./live-progress";
import { RunActions } from "./run-actions";
import { RunHeader } from "./run-header";
import { RateOverTimeOnDemand, TrialsOnDemand } from "~/features/report/tables-on-demand";

/**
 * A run's page: header, actions, live progress while it runs, share controls, the verdict (its
 * stored record), the report (each level links to the compare page with every variant at that
 * level), the definition as run (with what changed since) and all its trials.
 * `role` is undefined for a caller outside the workspace.
 */
export function RunView({
  runId,
  reference,
  report,
  role,
  definition,
  verdict,
  clusters,
  exclusion,
}: {
  runId: string;
  /** The page's `?ref=`, passed on to what the page loads on demand. */
  reference: string | undefined;
  report: TRunReport;
  role: TRole | undefined;
  definition: TRunDefinition | null;
  verdict: TVerdictRecord | null;
  clusters: ClusterChoice[];
  /** Set when the run is excluded from its benchmark's history (shown with the reason). */
  exclusion: TRunExclusion | null;
}) {
  const variants = report.variants;
  const active = isRunActive(report.run.status);
  const member = role !== undefined && atLeast(role, "member");
  const source = { runId, reference };
  return (
    <>
      <RunHeader report={report} />
      <RunExclusionNote
        runId={runId}
        exclusion={exclusion}
        canDecide={member}
        inHistory={report.run.status === "succeeded" && report.run.benchmarkKey !== null}
      />
      <RunActions
        runId={runId}
        variants={variants}
        reference={report.reference}
        cancellable={active && member}
        finished={!active}
      />
      {member && definition?.snapshot ? <RunAgain runId={runId} clusters={clusters} /> : null}
      {active ? <LiveProgress runId={runId} /> : null}
      <ShareControls target={{ kind: "run", runId }} />
      {verdict ? <RunVerdict verdict={verdict} runId={runId} canJudge={member} /> : null}
      <RunReportView
        report={report}
        onDemand={source}
        compareHref={(levelKey) =>
          compareHref(
            variants.map((variant) => ({ runId, variant, levelKey })),
            0,
          )
        }
      />
      <RateOverTimeOnDemand
        source={source}
        count={report.trials.filter((t) => t.status === "succeeded").length}
      />
      {definition ? <DefinitionAsRun view={definition} /> : null}
      <h2>Trials</h2>
      <TrialsOnDemand source={source} count={report.trials.length} />
    </>
  );
}
