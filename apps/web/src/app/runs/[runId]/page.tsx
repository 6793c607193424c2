import { isRunActive } from "@meshbench/contracts";
import type { Metadata } from "next";
import { CancelRunButton } from "~/components/cancel-run-button";
import { LiveProgress } from "~/components/live-progress";
import { RunHeader } from "~/components/run-header";
import { RunReportView } from "~/components/run-report-view";
import { ShareControls } from "~/components/share-controls";
import { TrialsTable } from "~/components/trials-table";
import { compareHref } from "~/components/compare-url";
import { cache } from "react";
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
  const variants = report.variants;
  const role = (await (await api()).workspaces.current().catch(() => null))?.role;
  const cancellable = isRunActive(report.run.status) && role !== undefined && role !== "viewer";
  return (
    <HydrateClient>
      <RunHeader report={report} />
      <nav className="actions" aria-label="Run actions">
        <a href={`/runs/${runId}/export/csv`} download>
          Export CSV
        </a>
        <a href={`/runs/${runId}/export/json`} download>
          Export JSON
        </a>
        <a href={`/runs/${runId}/export/smp`} download>
          SMP result JSON
        </a>
        {cancellable ? <CancelRunButton runId={runId} /> : null}
        {variants.length > 1 ? (
          <form method="get" className="inline-form">
            <label>
              Reference{" "}
              <select name="ref" defaultValue={report.reference ?? undefined}>
                {variants.map((v) => (
                  <option key={v} value={v}>
                    {v}
                  </option>
                ))}
              </select>
            </label>{" "}
            <button type="submit">Apply</button>
          </form>
        ) : null}
      </nav>
      <LiveProgress runId={runId} />
      <ShareControls target={{ kind: "run", runId }} />
      <RunReportView
        report={report}
        compareHref={(levelKey) =>
          compareHref(
            variants.map((variant) => ({ runId, variant, levelKey })),
            0,
          )
        }
      />
      <h2>Trials</h2>
      <details>
        <summary>
          All {report.trials.length} trials with the load generator&apos;s own numbers
        </summary>
        <TrialsTable trials={report.trials} />
      </details>
    </HydrateClient>
  );
}
