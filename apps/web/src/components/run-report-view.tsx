import type { TRunReport } from "@meshbench/contracts";
import { PercentileTable, ResourceTable } from "@meshbench/ui";
import { DistributionCharts, LoadCharts } from "@meshbench/ui/charts";
import { EnvironmentPanel } from "./environment-panel";
import { CapacitySection } from "./report/capacity-section";
import { ValidityFlags } from "./validity-flags";

/**
 * Everything computed for a run: percentile tables per load level against the reference, the
 * distribution and load charts, resource cost and validity flags. Shared by the run page and
 * the public share page (which passes no compare links).
 */
export function RunReportView({
  report,
  compareHref,
}: {
  report: TRunReport;
  compareHref?: (levelKey: string) => string;
}) {
  const slug = `run-${report.run.id}`;
  const finished = report.levels.some((l) => l.rows.some((r) => r.repetitions > 0));
  return (
    <>
      <h2>Environment</h2>
      <EnvironmentPanel environment={report.environment} />
      {report.capacity ? <CapacitySection capacity={report.capacity} /> : null}

      <h2 id="percentiles">Latency percentiles</h2>
      <p className="muted">
        Pooled over repetitions (histograms merged, never averaged percentiles). Deltas are against{" "}
        <strong>{report.reference ?? "—"}</strong> with a 95% bootstrap interval over repetitions; a
        delta whose interval includes zero is marked <span className="noise">≈ noise</span>. Below
        each value: mean ± SD over repetitions.
      </p>
      {report.levels.length === 0 ? <div className="empty">No trials yet.</div> : null}
      {report.levels.map((level) => (
        <section
          key={level.level.key}
          className="level"
          aria-labelledby={`level-${level.level.key}`}
        >
          <h3 id={`level-${level.level.key}`}>
            {level.label}
            {compareHref ? (
              <a className="small-link" href={compareHref(level.level.key)}>
                compare / overlay →
              </a>
            ) : null}
          </h3>
          <PercentileTable table={level} />
          <DistributionCharts
            series={level.curves}
            filename={`${slug}-${level.level.key.replace(/[^a-z0-9]+/gi, "-")}`}
          />
        </section>
      ))}

      <h2>Latency and throughput across load levels</h2>
      {finished ? (
        <LoadCharts points={report.loadCurve} filename={slug} />
      ) : (
        <div className="empty">No finished load levels yet.</div>
      )}

      <h2>Resource cost</h2>
      <ResourceTable costs={report.resources} />

      <h2>Validity</h2>
      <ValidityFlags flags={report.flags} failures={report.failures} />
    </>
  );
}
