import type { TComparableRun, TComparisonReport, TComparisonState } from "@meshbench/contracts";
import { ShareControls } from "~/features/share/share-controls";
import { ComparePicker } from "./compare-picker";
import { compareHref } from "./compare-url";
import { ComparisonView } from "./comparison-view";
import { EnvironmentWarning } from "./environment-warning";

/** The compare page: the picker, then the comparison with its downloads and share link. */
export function CompareView({
  runs,
  state,
  report,
}: {
  runs: TComparableRun[];
  state: TComparisonState | null;
  report: TComparisonReport | null;
}) {
  const search = state ? compareHref(state.items, state.reference).slice("/compare".length) : "";
  return (
    <>
      <h1>Compare</h1>
      <p className="muted">
        Overlay variants and load levels of any runs against one reference. The URL holds the whole
        view: copy it to share it with your workspace, or create a public link.
      </p>
      <ComparePicker runs={runs} state={state} />
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
