import type { TComparisonReport } from "@meshbench/contracts";
import { PercentileTable } from "@meshbench/ui";
import { DistributionCharts } from "@meshbench/ui/charts";

export function ComparisonView({ report }: { report: TComparisonReport }) {
  const reference = report.table.rows.find((r) => r.isReference);
  return (
    <section aria-label="Comparison">
      <h2>Percentiles against {reference?.label ?? "the reference"}</h2>
      <PercentileTable
        table={report.table}
        caption="Latency percentiles of the compared series, pooled over repetitions"
      />
      <h2>Distributions</h2>
      <DistributionCharts series={report.table.curves} filename="comparison" />
    </section>
  );
}
