import type { TTrialRow } from "@meshbench/contracts";
import { formatLatency, formatQps } from "@meshbench/ui";

/** Every trial of a run in execution order, with the load generator's own summary numbers. */
export function TrialsTable({ trials }: { trials: TTrialRow[] }) {
  if (trials.length === 0) return <div className="empty">No trials recorded yet.</div>;
  return (
    <table className="data" aria-label="Trials">
      <thead>
        <tr>
          <th>#</th>
          <th className="left">Variant</th>
          <th>QPS</th>
          <th>Conns</th>
          <th>Rep</th>
          <th>Actual QPS</th>
          <th>Requests</th>
          <th>Errors</th>
          <th>avg</th>
          <th>p50</th>
          <th>p90</th>
          <th>p99</th>
          <th>max</th>
          <th className="left">Flags</th>
        </tr>
      </thead>
      <tbody>
        {trials.map((t) => (
          <tr key={t.id} data-trial-key={t.key}>
            <td className="num">{t.sequence}</td>
            <td className="left">{t.variant}</td>
            <td className="num">{formatQps(t.requestedQps)}</td>
            <td className="num">{t.connections}</td>
            <td className="num">{t.repetition}</td>
            <td className="num">{t.actualQps?.toFixed(1) ?? "—"}</td>
            <td className="num">{t.requestCount ?? "—"}</td>
            <td className="num">{t.errorCount ?? "—"}</td>
            <td className="num">{formatLatency(t.summary?.avg)}</td>
            <td className="num">{formatLatency(t.summary?.p50)}</td>
            <td className="num">{formatLatency(t.summary?.p90)}</td>
            <td className="num">{formatLatency(t.summary?.p99)}</td>
            <td className="num">{formatLatency(t.summary?.max)}</td>
            <td className="left">{t.validityFlags.map((f) => f.code).join(", ") || "—"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
