import { STATISTIC_LABELS, type TBenchmarkHistory, type TRole } from "@meshbench/contracts";
import { atLeast } from "~/lib/roles";
import { ChangePointList } from "./change-point-list";
import { HistoryChart } from "./history-chart";
import { HistoryComparison } from "./history-comparison";
import type { HistoryParams } from "./history-params";
import { HistoryRunsTable } from "./history-runs-table";
import { TrendOptions } from "./trend-options";

/**
 * A benchmark's history: the trend with its mesh-version and environment markers, its change
 * points (members judge them), a comparison across versions, and its runs (members exclude them).
 */
export function BenchmarkHistory({
  history,
  params,
  role,
}: {
  history: TBenchmarkHistory;
  params: HistoryParams;
  role: TRole | undefined;
}) {
  const canDecide = role !== undefined && atLeast(role, "member");
  const seeded = history.runs.filter((r) => r.seededDemo).length;
  const excluded = history.runs.filter((r) => r.exclusion).length;
  return (
    <>
      <h1>{history.benchmarkName} — history</h1>
      {seeded > 0 ? (
        <p role="note" className="shared-banner" data-testid="seeded-demo">
          Seeded demo data: {seeded} of these runs were made up by the demo seed from recorded
          measurements (label <code>seeded=demo</code>), not measured on a schedule.
        </p>
      ) : null}
      <TrendOptions params={params} />
      <HistoryChart history={history} axis={params.axis} />
      <p className="muted">
        Purple lines mark a mesh version change between two runs, grey ones an environment change
        (cluster, nodes, Kubernetes, Fortio, target).
        {excluded > 0 ? ` ${excluded} excluded run(s) are not drawn.` : ""}
      </p>
      <h2>Change points</h2>
      <p className="muted">
        E-divisive means per variant × level for {STATISTIC_LABELS[params.statistic]} (permutation
        test, α = 0.05, at least 5 runs either side); excluded runs never count.
      </p>
      <ChangePointList
        benchmarkKey={history.benchmarkKey}
        changePoints={history.changePoints ?? []}
        titles={Object.fromEntries(history.runs.map((r) => [r.runId, r.title]))}
        canDecide={canDecide}
      />
      <h2>Compare across versions</h2>
      <HistoryComparison history={history} statistic={params.statistic} />
      <h2>Runs</h2>
      <HistoryRunsTable runs={history.runs} canDecide={canDecide} />
    </>
  );
}
