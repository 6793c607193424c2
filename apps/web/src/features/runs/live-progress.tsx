"use client";
import { isRunActive } from "@meshbench/contracts";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { useTRPC } from "~/trpc/react";
import { RunProgress } from "./run-status";

/**
 * Live progress per trial while the run is queued or running: polls every 2 s and, when the run
 * finishes, refreshes the server-rendered report below (no manual reload).
 */
export function LiveProgress({ runId }: { runId: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const { data } = useQuery({
    ...trpc.reports.progress.queryOptions({ runId }),
    refetchInterval: (q) => (q.state.data && isRunActive(q.state.data.status) ? 2000 : false),
  });
  // Refresh on a new finished trial and on a status change (queued → running → finished), which
  // can come with no new trial: the last trial is often recorded a poll before the run finishes.
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (!data) return;
    const seen = `${data.status}/${data.trialsDone}`;
    if (last.current !== null && last.current !== seen) router.refresh();
    last.current = seen;
  }, [data, router]);
  if (!data || !isRunActive(data.status)) return null;
  return (
    <section className="panel live" aria-live="polite" aria-label="Live progress">
      <p>
        <strong>{data.status === "queued" ? "Queued" : "Running"}</strong> · {data.trialsDone}/
        {data.trialsTotal} trials
        {data.trialsFailed > 0 ? ` · ${data.trialsFailed} failed` : ""} · updates every 2 s
      </p>
      {data.status === "queued" && data.waitingFor ? (
        <p data-testid="waiting-for-cluster">
          Waiting for cluster {data.waitingFor.clusterName}: run{" "}
          <Link href={`/runs/${data.waitingFor.runId}`}>{data.waitingFor.runId}</Link> is using it.
          This run starts when that one ends.
        </p>
      ) : null}
      <RunProgress run={data} />
      <ol className="trial-dots" aria-label="Trials">
        {data.trials.map((t) => (
          <li
            key={t.key}
            className={`dot ${t.status}`}
            title={`${t.variant} · ${t.levelKey} · rep ${t.repetition}: ${t.status}`}
          >
            <span className="sr-only">{`${t.variant} ${t.levelKey} rep ${t.repetition}: ${t.status}`}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
