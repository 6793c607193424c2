import type { TRunEnvironmentCheck } from "@meshbench/contracts";

/**
 * On the compare page: a difference between runs from different environments is never shown
 * without saying so. Lists what differs from the first run (cluster, nodes, Kubernetes, meshes,
 * Fortio, target); runs with no recorded fingerprint (uploads, older runs) read "environment unknown".
 */
export function EnvironmentWarning({ checks }: { checks: TRunEnvironmentCheck[] }) {
  if (checks.length < 2) return null;
  const reference = checks[0]!;
  const unknown = checks.filter((c) => c.fingerprintId === null);
  const differing = checks.filter((c) => (c.differences?.length ?? 0) > 0);
  if (unknown.length === 0 && differing.length === 0) return null;
  return (
    <section role="alert" className="panel warning" aria-label="Environment warning">
      <strong>These runs may not be comparable.</strong>
      {differing.length > 0 ? (
        <p>
          They were measured in different environments, so a difference between them is not only the
          mesh&apos;s. Compared with <em>{reference.title}</em>:
        </p>
      ) : null}
      {differing.map((c) => (
        <div key={c.runId} data-testid="environment-differences" data-run={c.runId}>
          <p>{c.title}</p>
          <ul>
            {c.differences!.map((d) => (
              <li key={d.field} data-field={d.field}>
                <code>{d.field}</code>: {d.a ?? "—"} → {d.b ?? "—"}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {unknown.map((c) => (
        <p key={c.runId} data-testid="environment-unknown">
          {c.title}: environment unknown (no environment fingerprint was recorded, e.g. an upload).
        </p>
      ))}
    </section>
  );
}
