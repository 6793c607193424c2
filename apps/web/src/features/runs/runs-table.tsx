import type { TRunListItem } from "@meshbench/contracts";
import Link from "next/link";
import { RunProgress, RunStatusBadge, trialCount } from "./run-status";

const sourceLabel = { scheduled: "scheduled", ci_upload: "CI", import: "import" } as const;

export function RunsTable({
  runs,
  filtered = false,
}: {
  runs: TRunListItem[];
  filtered?: boolean;
}) {
  if (runs.length === 0) {
    return filtered ? (
      <div className="empty">No runs match these filters.</div>
    ) : (
      <div className="empty">
        No runs yet. Start one from a benchmark, or upload results from CI.
      </div>
    );
  }
  return (
    <div className="table-scroll">
      <table className="data" aria-label="Runs">
        <thead>
          <tr>
            <th>Run</th>
            <th className="left">Benchmark</th>
            <th className="left">Source</th>
            <th className="left">Status</th>
            <th>Trials</th>
            <th className="left">Cluster</th>
            <th className="left">Branch</th>
            <th>Created</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id}>
              <td>
                <Link href={`/runs/${run.id}`}>{run.title}</Link>
              </td>
              <td className="left">{run.benchmarkKey ?? "—"}</td>
              <td className="left">{sourceLabel[run.source]}</td>
              <td className="left">
                <RunStatusBadge status={run.status} />
              </td>
              <td className="num" data-column="trials">
                {trialCount(run)}
                {run.status === "running" ? <RunProgress run={run} /> : null}
              </td>
              <td className="left">{run.clusterName ?? "—"}</td>
              <td className="left">{run.gitBranch ?? "—"}</td>
              <td className="num">{run.createdAt.toISOString().slice(0, 16).replace("T", " ")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
