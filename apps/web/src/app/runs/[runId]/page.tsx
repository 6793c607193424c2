import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RunStatusBadge } from "~/components/run-status";
import { TrialsTable } from "~/components/trials-table";
import { api } from "~/trpc/server";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Run" };

export default async function RunPage({ params }: { params: Promise<{ runId: string }> }) {
  const { runId } = await params;
  const caller = await api();
  const run = await caller.runs.get({ runId }).catch(() => null);
  if (!run) notFound();
  const environment = Object.entries(run.environment ?? {});
  return (
    <>
      <h1>{run.title}</h1>
      <p className="muted">
        <RunStatusBadge status={run.status} /> · {run.trialsDone}/{run.trialsTotal} trials ·{" "}
        {run.benchmarkKey ? `benchmark ${run.benchmarkKey}` : "no benchmark"}
      </p>
      {environment.length > 0 ? (
        <>
          <h2>Environment</h2>
          <dl className="kv panel">
            {environment.map(([k, v]) => (
              <div key={k} style={{ display: "contents" }}>
                <dt>{k}</dt>
                <dd className="num">{typeof v === "string" ? v : JSON.stringify(v)}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
      <h2>Trials</h2>
      <TrialsTable trials={run.trials} />
    </>
  );
}
