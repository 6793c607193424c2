import type { TRole, TRunReport } from "@meshbench/contracts";
import { compareHref } from "~/features/compare/compare-url";
import { RunReportView } from "~/features/report/run-report-view";
import { ShareControls } from "~/features/share/share-controls";
import { atLeast } from "~/lib/roles";
import { LiveProgress } from "./live-progress";
import { RunActions } from "./run-actions";
import { RunHeader } from "./run-header";
import { TrialsTable } from "./trials-table";

/**
 * A run's page: header, actions, live progress while it runs, share controls, the report (each
 * level links to the compare page with every variant at that level) and all its trials.
 * `role` is undefined for a caller outside the workspace.
 */
export function RunView({
  runId,
  report,
  role,
}: {
  runId: string;
  report: TRunReport;
  role: TRole | undefined;
}) {
  const variants = report.variants;
  const cancellable =
    (report.run.status === "queued" || report.run.status === "running") &&
    role !== undefined &&
    atLeast(role, "member");
  return (
    <>
      <RunHeader report={report} />
      <RunActions
        runId={runId}
        variants={variants}
        reference={report.reference}
        cancellable={cancellable}
      />
      <LiveProgress runId={runId} />
      <ShareControls target={{ kind: "run", runId }} />
      <RunReportView
        report={report}
        compareHref={(levelKey) =>
          compareHref(
            variants.map((variant) => ({ runId, variant, levelKey })),
            0,
          )
        }
      />
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
