"use client";
import type { TSchedule } from "@meshbench/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useTRPC } from "~/trpc/react";
import { ScheduleForm } from "./schedule-form";

const when = (d: Date) => d.toISOString().slice(0, 16).replace("T", " ") + " UTC";

const OUTCOME: Record<TSchedule["firings"][number]["outcome"], string> = {
  fired: "fired",
  skipped_overlap: "skipped (previous run still active)",
  failed: "failed",
};

/** The benchmark's schedules with their next due times and firings; members change them. */
export function BenchmarkSchedules({
  benchmarkId,
  initial,
  clusters,
  editable,
}: {
  benchmarkId: string;
  initial: TSchedule[];
  clusters: { id: string; name: string }[];
  editable: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const listOptions = trpc.schedules.list.queryOptions({ benchmarkId });
  const { data: schedules = initial } = useQuery({
    ...listOptions,
    initialData: initial,
    refetchInterval: 15_000,
  });
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: listOptions.queryKey });
  const update = useMutation(
    trpc.schedules.update.mutationOptions({
      onSuccess: refresh,
      onError: (e) => setError(e.message),
    }),
  );
  const remove = useMutation(
    trpc.schedules.delete.mutationOptions({
      onSuccess: refresh,
      onError: (e) => setError(e.message),
    }),
  );

  return (
    <>
      {error && (
        <p role="alert" className="bad">
          {error}
        </p>
      )}
      {schedules.length === 0 && <p className="muted">No schedules yet.</p>}
      {schedules.map((s) => (
        <section key={s.id} className="panel" aria-label={`Schedule ${s.cron} on ${s.clusterName}`}>
          <h2>
            <code>{s.cron}</code> ({s.timezone}) on {s.clusterName} —{" "}
            {s.enabled ? "enabled" : "disabled"}
          </h2>
          {editable && (
            <p className="row-actions">
              <button
                type="button"
                onClick={() => update.mutate({ scheduleId: s.id, enabled: !s.enabled })}
              >
                {s.enabled ? "Disable" : "Enable"}
              </button>
              <button type="button" onClick={() => setEditing(editing === s.id ? null : s.id)}>
                Edit
              </button>
              <button
                type="button"
                onClick={() => {
                  if (window.confirm("Delete this schedule? Its runs stay."))
                    remove.mutate({ scheduleId: s.id });
                }}
              >
                Delete
              </button>
            </p>
          )}
          {editing === s.id && (
            <ScheduleForm
              initial={{ cron: s.cron, timezone: s.timezone }}
              submitLabel="Save"
              onSubmit={(timing) =>
                update.mutateAsync({ scheduleId: s.id, ...timing }).then(() => setEditing(null))
              }
            />
          )}
          <p className="small">
            Next runs: {s.nextRuns.length ? s.nextRuns.map(when).join(" · ") : "none (disabled)"}
          </p>
          <table className="small" aria-label="Firings">
            <thead>
              <tr>
                <th className="left">Due</th>
                <th className="left">Outcome</th>
                <th className="left">Run</th>
              </tr>
            </thead>
            <tbody>
              {s.firings.map((f) => (
                <tr key={f.dueAt.toISOString()}>
                  <td className="left">{when(f.dueAt)}</td>
                  <td className="left">
                    {OUTCOME[f.outcome]}
                    {f.message ? <span className="muted"> — {f.message}</span> : null}
                  </td>
                  <td className="left">
                    {f.runId ? <Link href={`/runs/${f.runId}`}>{f.runId}</Link> : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      {editable && (
        <NewSchedule benchmarkId={benchmarkId} clusters={clusters} onCreated={refresh} />
      )}
    </>
  );
}

function NewSchedule({
  benchmarkId,
  clusters,
  onCreated,
}: {
  benchmarkId: string;
  clusters: { id: string; name: string }[];
  onCreated: () => Promise<void>;
}) {
  const trpc = useTRPC();
  const [clusterId, setClusterId] = useState(clusters[0]?.id ?? "");
  const create = useMutation(trpc.schedules.create.mutationOptions({ onSuccess: onCreated }));
  if (clusters.length === 0)
    return (
      <p className="muted">
        No cluster — <Link href="/clusters/new">register one</Link> to schedule runs.
      </p>
    );
  return (
    <section className="panel" aria-label="New schedule">
      <h2>New schedule</h2>
      <label>
        Cluster{" "}
        <select value={clusterId} onChange={(e) => setClusterId(e.target.value)}>
          {clusters.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <ScheduleForm
        initial={{ cron: "0 2 * * *", timezone: "UTC" }}
        submitLabel="Create schedule"
        onSubmit={(timing) => create.mutateAsync({ benchmarkId, clusterId, ...timing })}
      />
    </section>
  );
}
