import type { TSharedView } from "@meshbench/contracts";
import { ComparisonView } from "~/features/compare/comparison-view";
import { RunReportView } from "~/features/report/run-report-view";
import { RunHeader } from "~/features/runs/run-header";

/** The shared report's downloads (served by the share link's own export routes). */
function ExportLinks({ shareId }: { shareId: string }) {
  return (
    <nav className="actions" aria-label="Export">
      <a href={`/share/${shareId}/export/csv`} download>
        Export CSV
      </a>
      <a href={`/share/${shareId}/export/json`} download>
        Export JSON
      </a>
    </nav>
  );
}

/** A public link's report, read-only: a run's report or a comparison, with its downloads. */
export function SharedReport({ shareId, view }: { shareId: string; view: TSharedView }) {
  return (
    <>
      <p className="shared-banner" role="note">
        Shared read-only view · Meshbench
      </p>
      {view.kind === "run" ? (
        <>
          <RunHeader report={view.report} />
          <ExportLinks shareId={shareId} />
          <RunReportView report={view.report} />
        </>
      ) : (
        <>
          <h1>Comparison</h1>
          <p className="muted">Runs: {view.report.runs.map((r) => r.title).join(", ")}</p>
          <ExportLinks shareId={shareId} />
          <ComparisonView report={view.report} />
        </>
      )}
    </>
  );
}
