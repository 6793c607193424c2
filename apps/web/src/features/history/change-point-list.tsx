"use client";
import type { TChangePoint } from "@meshbench/contracts";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTRPC } from "~/trpc/react";

const signed = (f: number | null) =>
  f === null ? "—" : `${f < 0 ? "\u2212" : "+"}${(Math.abs(f) * 100).toFixed(1)}%`;

/**
 * The change points the server found (E-divisive, per variant × level × statistic), each
 * confirmable or dismissable by members. Dismissed ones stay, greyed: the judgement is the record.
 */
export function ChangePointList({
  benchmarkKey,
  changePoints,
  titles,
  canDecide,
}: {
  benchmarkKey: string;
  changePoints: TChangePoint[];
  titles: Record<string, string>;
  canDecide: boolean;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const decide = useMutation(
    trpc.history.decideChangePoint.mutationOptions({
      onError: (e) => setError(e.message),
      onSuccess: () => router.refresh(),
    }),
  );
  if (changePoints.length === 0)
    return <p className="empty">No change points: every series is consistent with one level.</p>;
  return (
    <>
      <table className="data" aria-label="Change points">
        <thead>
          <tr>
            <th className="left">Series</th>
            <th className="left">Run</th>
            <th className="left">Date</th>
            <th>Before → after</th>
            <th>Size</th>
            <th>p</th>
            <th className="left">Status</th>
          </tr>
        </thead>
        <tbody>
          {changePoints.map((c) => (
            <tr
              key={`${c.seriesKey}@${c.runId}`}
              data-status={c.status}
              data-series={c.seriesKey}
              style={c.status === "dismissed" ? { opacity: 0.5 } : undefined}
            >
              <td className="left">
                {c.seriesLabel}
                {c.coincidesWith?.length ? (
                  <span className="muted" data-testid="coincides">
                    {" "}
                    — coincides with{" "}
                    {c.coincidesWith
                      .map((m) =>
                        m.kind === "mesh" ? `mesh version change ${m.label}` : `${m.label} change`,
                      )
                      .join("; ")}
                  </span>
                ) : null}
              </td>
              <td className="left">
                <a href={`/runs/${c.runId}`}>{titles[c.runId] ?? c.runId}</a>
              </td>
              <td className="left">{c.createdAt.slice(0, 16).replace("T", " ")}</td>
              <td className="num">
                {c.beforeMs.toFixed(3)} → {c.afterMs.toFixed(3)} ms
              </td>
              <td className="num">{signed(c.relativeChange)}</td>
              <td className="num">{c.pValue.toFixed(3)}</td>
              <td className="left">
                <span className="badge">{c.status}</span>{" "}
                {canDecide &&
                  (["confirmed", "dismissed"] as const)
                    .filter((s) => s !== c.status)
                    .map((status) => (
                      <button
                        key={status}
                        type="button"
                        className="secondary"
                        disabled={decide.isPending}
                        onClick={() => {
                          setError(null);
                          decide.mutate({
                            benchmarkKey,
                            seriesKey: c.seriesKey,
                            runId: c.runId,
                            status,
                          });
                        }}
                      >
                        {status === "confirmed" ? "Confirm" : "Dismiss"}
                      </button>
                    ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
    </>
  );
}
