import { api } from "~/trpc/server";
import { exportResponse, isTableFormat } from "~/server/export-response";

export const dynamic = "force-dynamic";

/**
 * GET /runs/<id>/export/{csv,json,smp,bundle}: the run as a download. CSV and JSON hold the percentile
 * tables, load curve, resources, validity (flags, excluded trials and why) and the sanitised
 * environment (services/reports/export.ts); SMP is the run's SMP result.
 */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ runId: string; format: string }> },
) {
  const { runId, format } = await params;
  const caller = await api();
  if (format === "smp") return exportResponse(() => caller.reports.exportSmp({ runId }));
  // The reproducibility bundle (contracts ZRunBundle; no secret travels in it).
  if (format === "bundle") return exportResponse(() => caller.reports.exportBundle({ runId }));
  if (!isTableFormat(format)) return new Response("Unknown export format", { status: 404 });
  return exportResponse(() => caller.reports.exportRun({ runId, format }));
}
