import type { TResourceCost } from "@meshbench/contracts";
import { DataTable, RESOURCE_ROLE_LABELS } from "./data-table";
import { formatBytes, formatMillicores } from "./format";

/** CPU and memory per variant and role: max, mean, cumulative and per 1000 achieved RPS. */
export function ResourceTable({ costs }: { costs: TResourceCost[] }) {
  if (costs.length === 0) {
    return (
      <div className="empty" data-empty="resources">
        No resource samples for this run. Runs scheduled on a cluster with metrics-server record CPU
        and memory of proxies, ztunnel, waypoints, control plane and app; uploaded and imported runs
        have none.
      </div>
    );
  }
  return (
    <DataTable
      label="Resource cost"
      columns={[
        { label: "Variant", left: true },
        { label: "Role", left: true },
        { label: "CPU max" },
        { label: "CPU mean" },
        { label: "CPU total" },
        { label: "Memory max" },
        { label: "CPU / 1000 RPS" },
        { label: "Memory / 1000 RPS" },
      ]}
    >
      {costs.map((c) => (
        <tr key={`${c.variant}-${c.role}`}>
          <th scope="row" className="left">
            {c.variant}
          </th>
          <td className="left">{RESOURCE_ROLE_LABELS[c.role]}</td>
          <td className="num">{formatMillicores(c.maxCpuMillicores)}</td>
          <td className="num">{formatMillicores(c.avgCpuMillicores)}</td>
          <td className="num">{c.cpuSeconds.toFixed(1)} core·s</td>
          <td className="num">{formatBytes(c.maxMemoryBytes)}</td>
          <td className="num">{formatMillicores(c.cpuPer1000Rps)}</td>
          <td className="num">{formatBytes(c.memoryPer1000Rps)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
