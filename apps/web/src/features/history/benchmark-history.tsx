import { STATISTIC_LABELS, type TBenchmarkHistory, type TRole } from "@meshbench/contracts";
import { atLeast } from "~/lib/roles";
import { ChangePointList } from "./change-point-list";
import { HistoryChart } from "./history-chart";
import type { HistoryParams } from "./history-params";
import { HistoryRunsTable } from "./history-runs-table";
import { TrendOptions } from "./trend-options";

/** A benchmark's history: the trend, its change points (members judge them) and its runs. */
export function BenchmarkHistory({
  history,
  params,
  role,
}: {
  history: TBenchmarkHistory;
  params: HistoryParams;
  role: TRole | undefined;
}) {
  return (
    <>
      <h1>{history.benchmarkName} — history</h1>
      <TrendOptions params={params} />
      <HistoryChart history={history} axis={params.axis} />
      <h2>Change points</h2>
      <p className="muted">
        E-divisive means per variant × level for {STATISTIC_LABELS[params.statistic]} (permutation
        test, α = 0.05, at least 5 runs either side).
      </p>
      <ChangePointList
        benchmarkKey={history.benchmarkKey}
        changePoints={history.changePoints ?? []}
        titles={Object.fromEntries(history.runs.map((r) => [r.runId, r.title]))}
        canDecide={role !== undefined && atLeast(role, "member")}
      />
      <h2>Runs</h2>
      <HistoryRunsTable runs={history.runs} />
    </>
  );
}
