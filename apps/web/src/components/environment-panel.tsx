/** The run's configuration and environment snapshot, already sanitized on the server. */
export function EnvironmentPanel({ environment }: { environment: Record<string, unknown> }) {
  const entries = Object.entries(environment);
  if (entries.length === 0)
    return <div className="empty">No environment snapshot was recorded for this run.</div>;
  return (
    <dl className="kv panel" aria-label="Environment">
      {entries.map(([k, v]) => (
        <div key={k} style={{ display: "contents" }}>
          <dt>{k}</dt>
          <dd className="num">
            {typeof v === "string" ? v : <pre className="json">{JSON.stringify(v, null, 2)}</pre>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
