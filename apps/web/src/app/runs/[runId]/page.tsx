import { isRunActive } from "@meshbench/contracts";
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
  const caller = await api();
  // Started with the report, not after it: the page's first byte waits for the slowest, not the sum.
  const role = caller.workspaces.current().then(
    (w) => w.role,
    () => undefined,
  );
  const definition = caller.runs.definition({ runId }).catch(() => null);
  const clusters = caller.clusters.list().catch(() => []);
  const report = await orNotFound(loadReport(runId, ref));
  // The verdict is the stored record (judged and stored on the first read of a finished run).
  const verdict = report.run.benchmarkKey ? caller.verdicts.get({ runId }).catch(() => null) : null;
  // Live progress is drawn only while the run is queued or running; a finished run's page does
  // not carry its per-trial progress.
  const progress = isRunActive(report.run.status)
    ? getQueryClient().prefetchQuery(trpc.reports.progress.queryOptions({ runId }))
    : null;
  const exclusion = caller.history.exclusion({ runId }).catch(() => null);
  await progress;
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
        reference={ref}
        report={report}
        role={await role}
        definition={await definition}
        verdict={await verdict}
        clusters={(await clusters).map((c) => ({ id: c.id, name: c.name, status: c.status }))}
        exclusion={await exclusion}
      />
    </HydrateClient>
  );
}
