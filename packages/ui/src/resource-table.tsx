import type { TResourceCost } from "@meshbench/contracts";
import { formatBytes, formatMillicores } from "./format";

const roleLabel: Record<TResourceCost["role"], string> = {
  proxy: "proxies (sidecars)",
  ztunnel: "ztunnel",
  waypoint: "waypoint",
  gateway: "gateway proxies",
  control_plane: "control plane",
  app: "app",
  load_generator: "load generator",
};

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
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Resource cost">
      <table className="data" aria-label="Resource cost">
        <thead>
          <tr>
            <th scope="col" className="left">
              Variant
            </th>
            <th scope="col" className="left">
              Role
            </th>
            <th scope="col">CPU max</th>
            <th scope="col">CPU mean</th>
            <th scope="col">CPU total</th>
            <th scope="col">Memory max</th>
            <th scope="col">CPU / 1000 RPS</th>
            <th scope="col">Memory / 1000 RPS</th>
          </tr>
        </thead>
        <tbody>
          {costs.map((c) => (
            <tr key={`${c.variant}-${c.role}`}>
              <th scope="row" className="left">
                {c.variant}
              </th>
              <td className="left">{roleLabel[c.role]}</td>
              <td className="num">{formatMillicores(c.maxCpuMillicores)}</td>
              <td className="num">{formatMillicores(c.avgCpuMillicores)}</td>
              <td className="num">{c.cpuSeconds.toFixed(1)} core·s</td>
              <td className="num">{formatBytes(c.maxMemoryBytes)}</td>
              <td className="num">{formatMillicores(c.cpuPer1000Rps)}</td>
              <td className="num">{formatBytes(c.memoryPer1000Rps)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
