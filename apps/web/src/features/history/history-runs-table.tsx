import type { TBenchmarkHistory } from "@meshbench/contracts";
import { DataTable } from "@meshbench/ui";

/** The runs the trend is drawn from, newest first, with their git and mesh coordinates. */
export function HistoryRunsTable({ runs }: { runs: TBenchmarkHistory["runs"] }) {
  return (
    <DataTable
      label="History runs"
      columns={[
        { label: "Run", left: true },
        { label: "Branch", left: true },
        { label: "Commit", left: true },
        { label: "Tag", left: true },
        { label: "Mesh", left: true },
        { label: "Created" },
      ]}
    >
      {runs.map((r) => (
        <tr key={r.runId}>
          <th scope="row" className="left">
            <a href={`/runs/${r.runId}`}>{r.title}</a>
          </th>
          <td className="left">{r.gitBranch ?? "—"}</td>
          <td className="left">
            <code>{r.gitCommit?.slice(0, 12) ?? "—"}</code>
          </td>
          <td className="left">{r.tag ?? "—"}</td>
          <td className="left">{r.mesh ? `${r.mesh} ${r.meshVersion ?? ""}` : "—"}</td>
          <td className="num">{r.createdAt.slice(0, 16).replace("T", " ")}</td>
        </tr>
      ))}
    </DataTable>
  );
}
