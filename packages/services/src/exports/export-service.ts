import {
  DomainError,
  type TComparisonState,
  type TExportFile,
  type TExportFormat,
} from "@meshbench/contracts";
import type { RateSeriesRepository, RunRepository } from "@meshbench/db";
import { comparisonExport, runExport } from "@meshbench/core";
import { smpExport } from "@meshbench/formats";
import type { ReportService } from "../reports/report-service";

/** Downloads of what the report pages show: a run or a comparison as CSV/JSON, a run as SMP. */
export function createExportService(deps: {
  runs: RunRepository;
  reports: ReportService;
  rateSeries: RateSeriesRepository;
}) {
  return {
    /** JSON carries each trial's throughput over time too (by trial key); CSV the tables. */
    async run(workspaceId: string, runId: string, format: TExportFormat): Promise<TExportFile> {
      const report = await deps.reports.runReport(workspaceId, runId);
      if (format === "csv") return runExport(report, format);
      return runExport(report, format, await deps.rateSeries.ofRun(workspaceId, runId));
    },
    async comparison(
      workspaceId: string,
      state: TComparisonState,
      format: TExportFormat,
    ): Promise<TExportFile> {
      return comparisonExport(await deps.reports.comparison(workspaceId, state), format);
    },
    /** The run's trials as Service Mesh Performance (SMP) result JSON, via formats' exporter. */
    async smp(workspaceId: string, runId: string): Promise<TExportFile> {
      const run = await deps.runs.get(workspaceId, runId);
      if (!run) throw new DomainError("NOT_FOUND", "Run not found", "runId");
      return smpExport(run);
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
