import {
  STATISTIC_LABELS,
  STATISTICS,
  type TAddedLatencyRow,
  type TLevelResourceCost,
  type TRunReport,
} from "@meshbench/contracts";
import { formatBytes, formatLatency, formatMillicores } from "@meshbench/ui";

const signedMs = (v: number | null) =>
  v === null ? "—" : `${v < 0 ? "−" : "+"}${Math.abs(v).toFixed(Math.abs(v) >= 10 ? 1 : 3)} ms`;

/** One row per repetition (its own histogram's avg … max); rows the run rule dropped are marked. */
export function RepetitionTable({ report }: { report: TRunReport }) {
  const rows = report.repetitionRows ?? [];
  if (rows.length === 0) return <div className="empty">No counting repetitions yet.</div>;
  const labelOf = new Map(report.levels.map((l) => [l.level.key, l.label]));
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Per-repetition results">
      <table className="data" aria-label="Per-repetition results">
        <thead>
          <tr>
            <th scope="col" className="left">
              Level
            </th>
            <th scope="col" className="left">
              Variant
            </th>
            <th scope="col">Run</th>
            {STATISTICS.map((s) => (
              <th scope="col" key={s}>
                {STATISTIC_LABELS[s]}
              </th>
            ))}
            <th scope="col" className="left">
              Run rule
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} data-repetition-key={r.key} data-dropped={r.dropped || undefined}>
              <td className="left">{labelOf.get(r.levelKey) ?? r.levelKey}</td>
              <th scope="row" className="left">
                {r.variant}
              </th>
              <td className="num">{r.repetition}</td>
              {STATISTICS.map((s) => (
                <td className="num" key={s}>
                  {formatLatency(r.stats[s] ?? null)}
                </td>
              ))}
              <td className="left">{r.dropped ? <strong>dropped</strong> : "kept"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** D: P90/P99 each variant adds over the baseline, per connections level. */
export function AddedLatencyTable({
  rows,
  reference,
}: {
  rows: TAddedLatencyRow[];
  reference: string | null;
}) {
  if (rows.length === 0)
    return (
      <div className="empty">
        No level where both {reference ?? "the baseline"} and a variant have latency.
      </div>
    );
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Added latency">
      <table className="data" aria-label="Added latency">
        <thead>
          <tr>
            <th scope="col" className="left">
              Variant
            </th>
            <th scope="col" className="left">
              Protocol
            </th>
            <th scope="col">QPS</th>
            <th scope="col">Connections</th>
            <th scope="col">P90 added</th>
            <th scope="col">P99 added</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.variant}-${r.levelKey}`} data-variant={r.variant}>
              <th scope="row" className="left">
                {r.variant}
              </th>
              <td className="left">{r.protocol}</td>
              <td className="num">{r.requestedQps ?? "max"}</td>
              <td className="num">{r.connections}</td>
              <td className="num">{signedMs(r.p90AddedMs)}</td>
              <td className="num">{signedMs(r.p99AddedMs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const ROLE_LABEL: Record<TLevelResourceCost["role"], string> = {
  proxy: "sidecar proxies",
  ztunnel: "ztunnel",
  waypoint: "waypoint",
  gateway: "gateway proxies",
  control_plane: "control plane",
  app: "app",
  load_generator: "load generator",
};

const num = (v: number | null, digits: number) => (v === null ? "—" : v.toFixed(digits));

/** Per variant, load level and role: summed CPU/memory, the max of one container, per 1000 QPS. */
export function LevelResourceTable({ report }: { report: TRunReport }) {
  const rows = report.levelResources ?? [];
  if (rows.length === 0) return null;
  const labelOf = new Map(report.levels.map((l) => [l.level.key, l.label]));
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Resources per load level">
      <table className="data" aria-label="Resources per load level">
        <thead>
          <tr>
            <th scope="col" className="left">
              Level
            </th>
            <th scope="col" className="left">
              Variant
            </th>
            <th scope="col" className="left">
              Role
            </th>
            <th scope="col">Achieved QPS</th>
            <th scope="col">CPU mean (sum)</th>
            <th scope="col">CPU max (sum)</th>
            <th scope="col">CPU max, one container</th>
            <th scope="col">Memory mean (sum)</th>
            <th scope="col">Memory max, one container</th>
            <th scope="col">vCPU / 1000 QPS</th>
            <th scope="col">MB / 1000 QPS</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={`${r.variant}-${r.levelKey}-${r.role}`}
              data-role={r.role}
              data-variant={r.variant}
            >
              <td className="left">{labelOf.get(r.levelKey) ?? r.levelKey}</td>
              <th scope="row" className="left">
                {r.variant}
              </th>
              <td className="left">{ROLE_LABEL[r.role]}</td>
              <td className="num">{num(r.achievedQps, 0)}</td>
              <td className="num">{formatMillicores(r.meanCpuMillicores)}</td>
              <td className="num">{formatMillicores(r.maxCpuMillicores)}</td>
              <td className="num">{formatMillicores(r.maxSingleCpuMillicores)}</td>
              <td className="num">{formatBytes(r.meanMemoryBytes)}</td>
              <td className="num">{formatBytes(r.maxSingleMemoryBytes)}</td>
              <td className="num">{num(r.vcpuPer1000Qps, 3)}</td>
              <td className="num">{num(r.memoryMbPer1000Qps, 1)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
