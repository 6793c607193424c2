import { parseCompareParams } from "~/features/compare/compare-url";
import { api } from "~/trpc/server";
import { exportResponse, isTableFormat } from "~/server/export-response";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ format: string }> }) {
  const { format } = await params;
  const search = new URL(request.url).searchParams;
  const state = parseCompareParams({ s: search.getAll("s"), ref: search.get("ref") ?? undefined });
  if (!isTableFormat(format) || state === null || state === "invalid")
    return new Response("Not found", { status: 404 });
  const caller = await api();
  return exportResponse(() => caller.reports.exportComparison({ state, format }));
}
