import type { TClusterView } from "@meshbench/contracts";
import { formatBytes } from "@meshbench/ui";

/** The cluster's node inventory from its last validation. */
export function NodeTable({ nodes }: { nodes: TClusterView["nodes"] }) {
  if (!nodes || nodes.nodes.length === 0)
    return (
      <div className="empty">
        No node inventory yet — re-validate once the cluster is reachable.
      </div>
    );
  return (
    <table className="data" aria-label="Nodes">
      <thead>
        <tr>
          <th>Node</th>
          <th>CPU</th>
          <th>Memory</th>
          <th className="left">Zone</th>
        </tr>
      </thead>
      <tbody>
        {nodes.nodes.map((n) => (
          <tr key={n.name}>
            <td>{n.name}</td>
            <td className="num">{(n.cpuMillicores / 1000).toFixed(1)}</td>
            <td className="num">{formatBytes(n.memoryBytes)}</td>
            <td className="left">{n.zone ?? "—"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
