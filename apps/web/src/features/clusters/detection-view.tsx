import { MESH_KINDS, type TMeshDetection } from "@meshbench/contracts";
import { detectedComponents, formatWhen } from "./mesh-summary";

/** Which mesh components are installed, and per variant kind whether it can run here. */
export function DetectionView({ detection: d }: { detection: TMeshDetection }) {
  return (
    <>
      <p className="muted">
        Detected {formatWhen(new Date(d.detectedAt))} · metrics-server{" "}
        {d.metricsServer.available ? "available" : "missing"} · Prometheus{" "}
        {d.prometheus.url ?? "not configured"}
      </p>
      <div className="chart-grid">
        <table className="data" aria-label="Mesh components">
          <thead>
            <tr>
              <th>Component</th>
              <th className="left">Found</th>
              <th className="left">Version</th>
              <th className="left">Where</th>
            </tr>
          </thead>
          <tbody>
            {detectedComponents(d).map(({ label, c }) => (
              <tr key={label}>
                <td>{label}</td>
                <td className="left">{c.found ? "yes" : "no"}</td>
                <td className="left">{c.version ?? "—"}</td>
                <td className="left">{c.found ? `${c.namespace}/${c.name}` : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="data" aria-label="Variant readiness">
          <thead>
            <tr>
              <th>Variant</th>
              <th className="left">Can run</th>
              <th className="left">Needs</th>
            </tr>
          </thead>
          <tbody>
            {MESH_KINDS.map((kind) => {
              const v = d.variants[kind];
              return (
                <tr key={kind} data-variant-kind={kind}>
                  <td>{kind}</td>
                  <td className="left">
                    <span className={`badge ${v?.available ? "succeeded" : "failed"}`}>
                      {v?.available ? "yes" : "no"}
                    </span>
                  </td>
                  <td className="left wrap">{v?.needs ?? "—"}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {d.istio.waypoints.length > 0 && (
        <p className="muted">
          Waypoints: {d.istio.waypoints.map((w) => `${w.namespace}/${w.name}`).join(", ")}
        </p>
      )}
    </>
  );
}
