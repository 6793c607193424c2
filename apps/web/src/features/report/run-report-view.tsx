import type { TRunReport } from "@meshbench/contracts";
import type { OnDemandSource } from "./tables-on-demand";
import { EnvironmentPanel } from "./environment-panel";
import { MethodNotes } from "./method-notes";
import { PathPanel } from "./path-panel";
import { ReportSections } from "./report-sections";
import { RunSummary } from "./run-summary";
import { ValidityFlags } from "./validity-flags";

/**
 * Everything computed for a run, the answer first: the summary per load level, the method notes
 * (warm-up, run rule, saturation), the report's sections in their order (percentile tables,
 * distributions, load and resource charts), each variant's declared path and its check, validity
 * flags, and the environment last. Shared by
 * the run page and the public share page (which passes no compare links).
 */
export function RunReportView({
  report,
  compareHref,
  onDemand,
}: {
  report: TRunReport;
  compareHref?: (levelKey: string) => string;
  /** Where large tables load from when opened; without it (the share page) they are inline. */
  onDemand?: OnDemandSource;
}) {
  const slug = `run-${report.run.id}`;
  return (
    <>
      <RunSummary report={report} />

      <MethodNotes report={report} />

      <ReportSections report={report} slug={slug} compareHref={compareHref} onDemand={onDemand} />

      {/* Only when some variant has a mesh on its path: a no-mesh run has nothing to check. */}
      {report.paths?.some((p) => p.status !== "not_applicable") ? (
        <>
          <h2>Path</h2>
          <PathPanel paths={report.paths} />
        </>
      ) : null}

      <h2>Validity</h2>
      <ValidityFlags flags={report.flags} failures={report.failures} />

      <h2>Environment</h2>
      <EnvironmentPanel environment={report.environment} />
    </>
  );
}
