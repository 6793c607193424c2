import type { Metadata } from "next";
import { ComparisonView } from "~/features/compare/comparison-view";
import { RunHeader } from "~/features/runs/run-header";
import { RunReportView } from "~/features/report/run-report-view";
import { isUnknownId, orNotFound } from "~/server/not-found";
import { api } from "~/trpc/server";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Shared report",
  robots: { index: false, follow: false },
};

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

/** Public, read-only, works signed out; unknown or revoked ids are a 404. */
export default async function SharedPage({ params }: { params: Promise<{ shareId: string }> }) {
  const { shareId } = await params;
  // Unknown, revoked or malformed ids are a 404; anything else (an outage) is the error page.
  const view = await orNotFound((await api()).share.view({ id: shareId }), isUnknownId);
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
