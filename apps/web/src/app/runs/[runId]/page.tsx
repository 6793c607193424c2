import type { Metadata } from "next";
import { cache } from "react";
import { RunView } from "~/features/runs/run-view";
import { orNotFound } from "~/server/not-found";
import { api, getQueryClient, HydrateClient, trpc } from "~/trpc/server";

export const dynamic = "force-dynamic";

// Metadata and page share one report per request; it lists the trials without histograms, so the
// run is not loaded a second time for the trials table.
const loadReport = cache(async (runId: string, reference: string | undefined) =>
  (await api()).reports.run({ runId, reference }),
);

type Props = { params: Promise<{ runId: string }>; searchParams: Promise<{ ref?: string }> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { runId } = await params;
  const { ref } = await searchParams;
  const report = await loadReport(runId, ref).catch(() => null);
  return { title: report?.run.title ?? "Run" };
}

export default async function RunPage({ params, searchParams }: Props) {
  const { runId } = await params;
  const { ref } = await searchParams;
  const report = await orNotFound(loadReport(runId, ref));
  await getQueryClient().prefetchQuery(trpc.reports.progress.queryOptions({ runId }));
  const role = (await (await api()).workspaces.current().catch(() => null))?.role;
  return (
    <HydrateClient>
      <RunView runId={runId} report={report} role={role} />
    </HydrateClient>
  );
}
