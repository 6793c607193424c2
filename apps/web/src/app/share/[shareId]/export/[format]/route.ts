import { api } from "~/trpc/server";
import { exportResponse, isTableFormat } from "~/server/export-response";

export const dynamic = "force-dynamic";

export async function GET(
  _request: Request,
  { params }: { params: Promise<{ shareId: string; format: string }> },
) {
  const { shareId, format } = await params;
  if (!isTableFormat(format)) return new Response("Unknown export format", { status: 404 });
  const caller = await api();
  return exportResponse(() => caller.share.export({ id: shareId, format }));
}
