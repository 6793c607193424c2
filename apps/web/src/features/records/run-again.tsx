"use client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useTRPC } from "~/trpc/react";

export type ClusterChoice = { id: string; name: string; status: string };

/**
 * "Run this again on cluster X": pick a cluster, see what differs from the run's recorded
 * environment (before anything starts), then start a new benchmark made from the run's snapshot.
 */
export function RunAgain({ runId, clusters }: { runId: string; clusters: ClusterChoice[] }) {
  const trpc = useTRPC();
  const router = useRouter();
  const id = useId();
  const [clusterId, setClusterId] = useState("");
  const [error, setError] = useState<string | null>(null);
  const plan = useQuery(
    trpc.bundles.rerunPlan.queryOptions({ runId, clusterId }, { enabled: clusterId !== "" }),
  );
  const rerun = useMutation(
    trpc.bundles.rerun.mutationOptions({
      onError: (e) => setError(e.message),
      onSuccess: (r) => router.push(`/runs/${r.runId}`),
    }),
  );
  if (clusters.length === 0) return null;
  return (
    <details className="run-again" data-testid="run-again">
      <summary>Run this again on another cluster</summary>
      <label htmlFor={id}>Cluster </label>
      <select
        id={id}
        value={clusterId}
        onChange={(e) => (setClusterId(e.target.value), setError(null))}
      >
        <option value="">choose…</option>
        {clusters.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
            {c.status === "ready" ? "" : ` (${c.status})`}
          </option>
        ))}
      </select>
      {plan.error ? (
        <p role="alert" className="field-error">
          {plan.error.message}
        </p>
      ) : null}
      {plan.data ? (
        <div data-testid="rerun-plan">
          {plan.data.differences.length === 0 ? (
            <p>No known difference from the run&apos;s environment.</p>
          ) : (
            <table className="data" aria-label="Environment differences">
              <thead>
                <tr>
                  <th className="left">Field</th>
                  <th className="left">This run</th>
                  <th className="left">{plan.data.clusterName}</th>
                </tr>
              </thead>
              <tbody>
                {plan.data.differences.map((d) => (
                  <tr key={d.field}>
                    <td className="left">{d.field}</td>
                    <td className="left">{d.a ?? "—"}</td>
                    <td className="left">{d.b ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {plan.data.notes.map((n) => (
            <p key={n} className="muted small">
              {n}
            </p>
          ))}
          <button
            type="button"
            disabled={rerun.isPending}
            onClick={() => (setError(null), rerun.mutate({ runId, clusterId }))}
          >
            {rerun.isPending
              ? "Starting…"
              : `Create ${plan.data.benchmarkKey} and run it on ${plan.data.clusterName}`}
          </button>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </details>
  );
}
