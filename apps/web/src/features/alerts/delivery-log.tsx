"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "~/trpc/react";

const when = (d: Date) => d.toISOString().slice(0, 19).replace("T", " ");

/** A channel's latest deliveries, each attempt's status code or error class (polled). */
export function DeliveryLog({ channelId }: { channelId: string }) {
  const trpc = useTRPC();
  const log = useQuery(
    trpc.alerts.deliveries.queryOptions({ channelId }, { refetchInterval: 5000 }),
  );
  if (log.isPending) return <p className="muted small">Loading the delivery log…</p>;
  if (log.error) return <p role="alert">{log.error.message}</p>;
  if (log.data.length === 0) return <p className="muted small">Nothing delivered yet.</p>;
  return (
    <table className="data" aria-label="Delivery log">
      <thead>
        <tr>
          <th className="left">Alert</th>
          <th className="left">Status</th>
          <th className="left">Attempts</th>
          <th className="left">Created</th>
        </tr>
      </thead>
      <tbody>
        {log.data.map((d) => (
          <tr key={d.id}>
            <td className="left">{d.title}</td>
            <td className="left">{d.status}</td>
            <td className="left small">
              {d.log
                .map(
                  (a) =>
                    `#${a.attempt} ${when(a.at)} ${a.ok ? "ok" : ""} ${a.statusCode ?? ""} ${a.errorClass ?? ""}`,
                )
                .join(" · ")}
            </td>
            <td className="left">{when(d.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
