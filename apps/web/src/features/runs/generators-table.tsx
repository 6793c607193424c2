import type { TTrialRow } from "@meshbench/contracts";
import { formatQps } from "@meshbench/ui";

/**
 * The trials split over several load generators: each generator's own numbers (its share of the
 * load, what it achieved, its CPU) and how long all of them were loading at once.
 */
export function GeneratorsTable({ trials }: { trials: TTrialRow[] }) {
  const split = trials.filter((t) => t.generators && t.generators.each.length > 1);
  if (split.length === 0) return null;
  return (
    <table className="data" aria-label="Load generators">
      <thead>
        <tr>
          <th>#</th>
          <th className="left">Generator</th>
          <th>QPS</th>
          <th>Conns</th>
          <th>Actual QPS</th>
          <th>Requests</th>
          <th>Errors</th>
          <th>Window s</th>
          <th>Overlap s</th>
          <th>CPU m</th>
        </tr>
      </thead>
      <tbody>
        {split.flatMap((t) =>
          t.generators!.each.map((g) => (
            <tr key={`${t.id}/${g.index}`} data-trial-key={t.key} data-generator={g.index}>
              <td className="num">{t.sequence}</td>
              <td className="left">{g.pod ?? `#${g.index}`}</td>
              <td className="num">{formatQps(g.requestedQps)}</td>
              <td className="num">{g.connections ?? "—"}</td>
              <td className="num">{g.actualQps.toFixed(1)}</td>
              <td className="num">{g.requestCount}</td>
              <td className="num">{g.errorCount}</td>
              <td className="num">{g.actualDurationSeconds.toFixed(2)}</td>
              <td className="num">{t.generators!.window?.overlapSeconds.toFixed(2) ?? "—"}</td>
              <td className="num">{g.cpuMillicores == null ? "—" : Math.round(g.cpuMillicores)}</td>
            </tr>
          )),
        )}
      </tbody>
    </table>
  );
}
