import type { TRunReport } from "@meshbench/contracts";
import { EnvironmentPanel } from "./environment-panel";
import { MethodNotes } from "./report/method-notes";
import { ReportSections } from "./report/report-sections";
import { ValidityFlags } from "./validity-flags";

/**
 * Everything computed for a run: the method notes (warm-up, run rule, saturation), then the
 * report's sections in their order (percentile tables, distributions, load and resource charts),
 * and validity flags. Shared by the run page and the public share page (which passes no compare
 * links).
 */
export function RunReportView({
  report,
  compareHref,
}: {
  report: TRunReport;
  compareHref?: (levelKey: string) => string;
}) {
  const slug = `run-${report.run.id}`;
  return (
    <>
      <h2>Environment</h2>
      <EnvironmentPanel environment={report.environment} />

      <MethodNotes report={report} />

      <ReportSections report={report} slug={slug} compareHref={compareHref} />

      <h2>Validity</h2>
      <ValidityFlags flags={report.flags} failures={report.failures} />
    </>
  );
}
