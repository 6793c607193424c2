const SECTION_TITLES: Record<string, string> = {
  cluster: "Cluster",
  variants: "Variants",
  loadGenerator: "Load generator",
  placement: "Placement",
  warmup: "Warm-up",
  scheduler: "Scheduler",
};

const isTextSection = (v: unknown): v is Record<string, string> =>
  !!v &&
  typeof v === "object" &&
  !Array.isArray(v) &&
  Object.values(v).every((x) => typeof x === "string");

function Rows({ entries }: { entries: [string, unknown][] }) {
  return entries.map(([k, v]) => (
    <div key={k} style={{ display: "contents" }}>
      <dt>{k}</dt>
      <dd className="num">
        {typeof v === "string" ? v : <pre className="json">{JSON.stringify(v, null, 2)}</pre>}
      </dd>
    </div>
  ));
}

/**
 * The run's environment record, already sanitized on the server: plain key/value pairs (an
 * upload's record), then one titled key/value list per section of a scheduled run's record.
 */
export function EnvironmentPanel({ environment }: { environment: Record<string, unknown> }) {
  const entries = Object.entries(environment);
  if (entries.length === 0)
    return <div className="empty">No environment snapshot was recorded for this run.</div>;
  const sections = entries.filter(([, v]) => isTextSection(v)) as [
    string,
    Record<string, string>,
  ][];
  const plain = entries.filter(([, v]) => !isTextSection(v));
  // Fairness: whether the load generator joined the mesh is one rule for every variant.
  const placement = environment.placement;
  const loadGeneratorMesh = isTextSection(placement)
    ? placement["load generator in the mesh"]
    : undefined;
  return (
    <div aria-label="Environment">
      {loadGeneratorMesh ? (
        <p aria-label="Load generator and the mesh">Load generator: {loadGeneratorMesh}</p>
      ) : null}
      {plain.length > 0 ? (
        <dl className="kv panel">
          <Rows entries={plain} />
        </dl>
      ) : null}
      {sections.map(([name, values]) => (
        <section key={name} aria-label={SECTION_TITLES[name] ?? name}>
          <h3>{SECTION_TITLES[name] ?? name}</h3>
          <dl className="kv panel">
            <Rows entries={Object.entries(values)} />
          </dl>
        </section>
      ))}
    </div>
  );
}
