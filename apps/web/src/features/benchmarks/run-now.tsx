"use client";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useTRPC } from "~/trpc/react";

export type ClusterOption = { id: string; name: string; status: string };

/** Picks a cluster and schedules a run of the benchmark there, then opens the live run page. */
export function RunNow({
  benchmarkId,
  benchmarkKey,
  clusters,
}: {
  benchmarkId: string;
  benchmarkKey: string;
  clusters: ClusterOption[];
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const id = useId();
  const [clusterId, setClusterId] = useState(
    (clusters.find((c) => c.status === "ready") ?? clusters[0])?.id ?? "",
  );
  const [error, setError] = useState<string | null>(null);
  const start = useMutation(
    trpc.runs.start.mutationOptions({
      onError: (e) => setError(e.message),
      onSuccess: (r) => router.push(`/runs/${r.runId}`),
    }),
  );
  if (clusters.length === 0) {
    return (
      <span className="muted small">
        No cluster — <Link href="/clusters/new">register one</Link>
      </span>
    );
  }
  return (
    <span className="run-now">
      <label htmlFor={id} className="sr-only">
        Cluster for {benchmarkKey}
      </label>
      <select
        id={id}
        value={clusterId}
        onChange={(e) => (setClusterId(e.target.value), setError(null))}
      >
        {clusters.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
            {c.status === "ready" ? "" : ` (${c.status})`}
          </option>
        ))}
      </select>
      <button
        type="button"
        disabled={start.isPending || !clusterId}
        aria-label={`Run ${benchmarkKey} now`}
        onClick={() => (setError(null), start.mutate({ benchmarkId, clusterId }))}
      >
        {start.isPending ? "Starting…" : "Run now"}
      </button>
      {error && (
        <span role="alert" className="field-error run-now-error">
          {error}
        </span>
      )}
    </span>
  );
}
