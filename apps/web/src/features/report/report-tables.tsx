import {
  STATISTIC_LABELS,
  STATISTICS,
  type TAddedLatencyRow,
  type TRunReport,
} from "@meshbench/contracts";
import {
  DataTable,
  RESOURCE_ROLE_LABELS,
  formatBytes,
  formatLatency,
  formatMillicores,
} from "@meshbench/ui";

const signedMs = (v: number | null) =>
  v === null ? "—" : `${v < 0 ? "−" : "+"}${Math.abs(v).toFixed(Math.abs(v) >= 10 ? 1 : 3)} ms`;

/** One row per repetition (its own histogram's avg … max); rows the run rule dropped are marked. */
export function RepetitionTable({ report }: { report: TRunReport }) {
  const rows = report.repetitionRows ?? [];
  if (rows.length === 0) return <div className="empty">No counting repetitions yet.</div>;
  const labelOf = new Map(report.levels.map((l) => [l.level.key, l.label]));
  return (
    <DataTable
      label="Per-repetition results"
      columns={[
        { label: "Level", left: true },
        { label: "Variant", left: true },
        { label: "Run" },
        ...STATISTICS.map((s) => ({ label: STATISTIC_LABELS[s] })),
        { label: "Run rule", left: true },
      ]}
    >
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
    </DataTable>
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
    <DataTable
      label="Added latency"
      columns={[
        { label: "Variant", left: true },
        { label: "Protocol", left: true },
        { label: "QPS" },
        { label: "Connections" },
        { label: "P90 added" },
        { label: "P99 added" },
      ]}
    >
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
    </DataTable>
  );
}

const num = (v: number | null, digits: number) => (v === null ? "—" : v.toFixed(digits));

/** Per variant, load level and role: summed CPU/memory, the max of one container, per 1000 QPS. */
export function LevelResourceTable({ report }: { report: TRunReport }) {
  const rows = report.levelResources ?? [];
  if (rows.length === 0) return null;
  const labelOf = new Map(report.levels.map((l) => [l.level.key, l.label]));
  return (
    <DataTable
      label="Resources per load level"
      columns={[
        { label: "Level", left: true },
        { label: "Variant", left: true },
        { label: "Role", left: true },
        { label: "Achieved QPS" },
        { label: "CPU mean (sum)" },
        { label: "CPU max (sum)" },
        { label: "CPU max, one container" },
        { label: "Memory mean (sum)" },
        { label: "Memory max, one container" },
        { label: "vCPU / 1000 QPS" },
        { label: "MB / 1000 QPS" },
      ]}
    >
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
          <td className="left">{RESOURCE_ROLE_LABELS[r.role]}</td>
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
    </DataTable>
  );
}
