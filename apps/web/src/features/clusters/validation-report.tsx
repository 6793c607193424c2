import type { TClusterValidation } from "@meshbench/contracts";
import { formatBytes } from "@meshbench/ui";

/** What the cluster check found: reachability, version, nodes and the RBAC the scheduler needs. */
export function ValidationReport({ validation }: { validation: TClusterValidation }) {
  const v = validation;
  const denied = v.permissions.filter((p) => !p.allowed);
  return (
    <section
      className="panel report"
      aria-label="Validation report"
      data-testid="validation-report"
    >
      <h3>
        Validation report{" "}
        <span
          className={`badge ${v.reachable ? "succeeded" : "failed"}`}
          data-testid="reachability"
        >
          {v.reachable ? "reachable" : "unreachable"}
        </span>
      </h3>
      <dl className="kv">
        <dt>Server version</dt>
        <dd>{v.serverVersion ?? "—"}</dd>
        <dt>Nodes</dt>
        <dd>
          {v.nodes
            ? `${v.nodes.count} (${(v.nodes.cpuMillicores / 1000).toFixed(1)} CPU, ${formatBytes(v.nodes.memoryBytes)}${v.nodes.zones.length ? `, zones ${v.nodes.zones.join(", ")}` : ""})`
            : "—"}
        </dd>
        <dt>RBAC</dt>
        <dd>
          {!v.reachable
            ? "not checked"
            : denied.length === 0
              ? `all ${v.permissions.length} permissions granted`
              : `${denied.length} of ${v.permissions.length} permissions missing`}
        </dd>
      </dl>
      {v.error && (
        <p className="bad" role="alert">
          {v.reachable ? "" : "The cluster is unreachable: "}
          {v.error}
        </p>
      )}
      {v.missing.length > 0 && (
        <>
          <h4>Missing permissions</h4>
          <ul className="flags" aria-label="Missing permissions">
            {v.missing.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
          <p className="muted small">
            Apply the RBAC from infra/rbac to the service account of this kubeconfig, then
            re-validate.
          </p>
        </>
      )}
    </section>
  );
}
