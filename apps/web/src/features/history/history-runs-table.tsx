import type { TBenchmarkHistory } from "@meshbench/contracts";
import { DataTable } from "@meshbench/ui";
import { RunExclusionControl } from "./run-exclusion-control";

const meshOf = (r: TBenchmarkHistory["runs"][number]) => {
  const versions = Object.entries(r.meshVersions).map(([mesh, v]) => `${mesh} ${v}`);
  return versions.length > 0 ? versions.join(", ") : (r.mesh ?? "—");
};

/**
 * The runs the trend is drawn from, oldest first, with their git and mesh coordinates and their
 * environment's fingerprint; excluded runs stay listed, greyed, with the reason.
 */
export function HistoryRunsTable({
  runs,
  canDecide,
}: {
  runs: TBenchmarkHistory["runs"];
  canDecide: boolean;
}) {
  return (
    <DataTable
      label="History runs"
      columns={[
        { label: "Run", left: true },
        { label: "Branch", left: true },
        { label: "Commit", left: true },
        { label: "Tag", left: true },
        { label: "Mesh", left: true },
        { label: "Environment", left: true },
        { label: "Created" },
        { label: "In history", left: true },
      ]}
    >
      {runs.map((r) => (
        <tr
          key={r.runId}
          data-run={r.runId}
          data-excluded={r.exclusion ? "true" : undefined}
          style={r.exclusion ? { opacity: 0.5 } : undefined}
        >
          <th scope="row" className="left">
            <a href={`/runs/${r.runId}`}>{r.title}</a>
          </th>
          <td className="left">{r.gitBranch ?? "—"}</td>
          <td className="left">
            <code>{r.gitCommit?.slice(0, 12) ?? "—"}</code>
          </td>
          <td className="left">{r.tag ?? "—"}</td>
          <td className="left">{meshOf(r)}</td>
          <td className="left">
            {r.fingerprintId ? (
              <code title="environment fingerprint">{r.fingerprintId.slice(0, 8)}</code>
            ) : (
              "unknown"
            )}
          </td>
          <td className="num">{r.createdAt.slice(0, 16).replace("T", " ")}</td>
          <td className="left">
            {r.exclusion ? (
              <span className="badge">excluded: {r.exclusion.reason}</span>
            ) : (
              "counted"
            )}{" "}
            <RunExclusionControl runId={r.runId} exclusion={r.exclusion} canDecide={canDecide} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
