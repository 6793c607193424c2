import type { ReactNode } from "react";
import type { TResourceCost } from "@meshbench/contracts";

/** How the report tables name a container role. */
export const RESOURCE_ROLE_LABELS: Record<TResourceCost["role"], string> = {
  proxy: "sidecar proxies",
  ztunnel: "ztunnel",
  data_plane: "node data plane",
  waypoint: "waypoint",
  gateway: "gateway proxies",
  control_plane: "control plane",
  app: "app",
  load_generator: "load generator",
};

export type DataColumn = { label: ReactNode; left?: boolean };

/**
 * The frame every data table on the report pages shares: a horizontally scrollable region that
 * keyboard users can focus and scroll, named like its table, and one header row (numbers are
 * right-aligned by the stylesheet; `left` columns hold words). The rows are the caller's.
 */
export function DataTable({
  label,
  columns,
  children,
}: {
  label: string;
  columns: DataColumn[];
  children: ReactNode;
}) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      <table className="data" aria-label={label}>
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th scope="col" key={i} className={c.left ? "left" : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
