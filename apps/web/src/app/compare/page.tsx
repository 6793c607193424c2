import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ComparePicker } from "~/features/compare/compare-picker";
import { ComparisonView } from "~/features/compare/comparison-view";
import { EnvironmentWarning } from "~/features/compare/environment-warning";
import { compareHref, parseCompareParams } from "~/features/compare/compare-url";
import { ShareControls } from "~/features/share/share-controls";
import { SignedOut } from "~/components/signed-out";
import { api } from "~/trpc/server";

export const metadata: Metadata = { title: "Compare" };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<{ s?: string | string[]; ref?: string }> };

/** The whole state is in the URL (`s` items, `ref` reference), so this page's URL is a permalink. */
export default async function ComparePage({ searchParams }: Props) {
  const params = await searchParams;
  const state = parseCompareParams(params);
  if (state === "invalid") notFound();
  const caller = await api();
  const comparable = await caller.reports.comparableRuns({ limit: 10 }).catch(() => null);
  if (!comparable) return <SignedOut />;
  const report = state ? await caller.reports.compare(state).catch(() => null) : null;
  if (state && !report) notFound();
  const search = state ? compareHref(state.items, state.reference).slice("/compare".length) : "";
  return (
    <>
      <h1>Compare</h1>
      <p className="muted">
        Overlay variants and load levels of any runs against one reference. The URL holds the whole
        view: copy it to share it with your workspace, or create a public link.
      </p>
      <ComparePicker runs={comparable} state={state} />
      {report && state ? (
        <>
          <nav className="actions" aria-label="Comparison actions">
            <a href={`/compare/export/csv${search}`} download>
              Export CSV
            </a>
            <a href={`/compare/export/json${search}`} download>
              Export JSON
            </a>
          </nav>
          <ShareControls target={{ kind: "comparison", comparison: state }} />
          <EnvironmentWarning checks={report.environments ?? []} />
          <ComparisonView report={report} />
        </>
      ) : (
        <div className="empty">Pick at least one series above to start a comparison.</div>
      )}
    </>
  );
}
