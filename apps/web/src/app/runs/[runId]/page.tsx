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
  const caller = await api();
  const role = (await caller.workspaces.current().catch(() => null))?.role;
  // The verdict is the stored record (judged and stored on the first read of a finished run).
  const [definition, verdict, clusters] = await Promise.all([
    caller.runs.definition({ runId }).catch(() => null),
    report.run.benchmarkKey ? caller.verdicts.get({ runId }).catch(() => null) : null,
    caller.clusters.list().catch(() => []),
  ]);
  return (
    <HydrateClient>
      {report.run.histogramsPrunedAt ? (
        <p className="text-muted-foreground mb-2 text-sm" data-testid="histograms-pruned">
          Histograms pruned on {report.run.histogramsPrunedAt.toISOString().slice(0, 10)} (workspace
          retention): percentiles and deltas come from the stored summaries.
        </p>
      ) : null}
      <RunView
        runId={runId}
        report={report}
        role={role}
        definition={definition}
        verdict={verdict}
        clusters={clusters.map((c) => ({ id: c.id, name: c.name, status: c.status }))}
      />
    </HydrateClient>
  );
}
