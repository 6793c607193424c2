"use client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "~/trpc/react";

/**
 * The workspace's retention policy (admins): runs older than N days lose their full histograms and
 * resource samples at the worker's hourly prune; summaries, flags, verdicts and history stay.
 * Empty keeps everything.
 */
export function RetentionSection() {
  const trpc = useTRPC();
  const current = useQuery(trpc.workspaces.retention.queryOptions());
  const [error, setError] = useState<string | null>(null);
  const set = useMutation(
    trpc.workspaces.setRetention.mutationOptions({
      onError: (e) => setError(e.message),
      onSuccess: () => void current.refetch(),
    }),
  );
  function onSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get("days");
    const days = typeof value === "string" ? value.trim() : "";
    setError(null);
    set.mutate({ retentionDays: days === "" ? null : Number(days) });
  }
  const days = current.data?.retentionDays;
  return (
    <section aria-label="Retention">
      <h2>Retention</h2>
      <p className="muted small">
        {days == null
          ? "Every run keeps its full histograms and resource samples."
          : `Runs older than ${days} days keep their summaries, flags, verdicts and history points; their histograms and resource samples are pruned hourly.`}
      </p>
      <form className="settings-form" onSubmit={onSave} aria-label="Set retention">
        <label>
          Keep full histograms for (days; empty: forever)
          <input
            name="days"
            type="number"
            min={1}
            max={3650}
            defaultValue={days ?? ""}
            key={days ?? "none"}
          />
        </label>
        <button type="submit" disabled={set.isPending}>
          Save
        </button>
      </form>
      {error && (
        <div className="error" role="alert">
          {error}
        </div>
      )}
    </section>
  );
}
