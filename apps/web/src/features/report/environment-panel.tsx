import { ZEnvironmentFingerprint } from "@meshbench/contracts";
import { fingerprintFields } from "@meshbench/core";

const SECTION_TITLES: Record<string, string> = {
  cluster: "Cluster",
  variants: "Variants",
  loadGenerator: "Load generator",
  placement: "Placement",
  warmup: "Warm-up",
  scheduler: "Scheduler",
  fingerprint: "Fingerprint",
};

type Row = [label: string, text: string];

const isTextSection = (v: unknown): v is Record<string, string> =>
  !!v &&
  typeof v === "object" &&
  !Array.isArray(v) &&
  Object.values(v).every((x) => typeof x === "string");

/** A JSON-quoted string reads as the string itself. */
function plainText(text: string): string {
  if (!text.startsWith('"')) return text;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "string" ? parsed : text;
  } catch {
    return text;
  }
}

/** Any recorded value as key/value rows: nested objects by path ("a.b"), lists of scalars joined. */
function valueRows(path: string, value: unknown): Row[] {
  if (value === null || value === undefined) return [[path, "—"]];
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object"))
      return [[path, value.map(String).join(", ") || "—"]];
    return value.flatMap((v, i) => valueRows(`${path}.${i + 1}`, v));
  }
  if (typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) return [[path, "—"]];
    return entries.flatMap(([k, v]) => valueRows(path ? `${path}.${k}` : k, v));
  }
  return [[path, typeof value === "string" ? value : JSON.stringify(value)]];
}

/**
 * The fingerprint by the same field names the compare page lists its differences under (core
 * fingerprintFields); any other recorded shape as plain rows.
 */
function fingerprintRows(value: unknown): Row[] {
  const parsed = ZEnvironmentFingerprint.safeParse(value);
  if (!parsed.success) return valueRows("", value);
  return [...fingerprintFields(parsed.data)].map(([k, v]) => [k, plainText(v)]);
}

function Rows({ rows }: { rows: Row[] }) {
  return (
    <dl className="kv panel">
      {rows.map(([k, v]) => (
        <div key={k} style={{ display: "contents" }}>
          <dt>{k}</dt>
          <dd className="num">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The run's environment record, already sanitized on the server, as readable key/value rows: an
 * upload's own keys, then one titled list per section of a scheduled run's record (the
 * fingerprint by field), never raw JSON.
 */
export function EnvironmentPanel({ environment }: { environment: Record<string, unknown> }) {
  const entries = Object.entries(environment);
  if (entries.length === 0)
    return <div className="empty">No environment snapshot was recorded for this run.</div>;
  const sections: [string, Row[]][] = [];
  const plain: Row[] = [];
  for (const [key, value] of entries) {
    if (key === "fingerprint") sections.push([key, fingerprintRows(value)]);
    else if (isTextSection(value)) sections.push([key, Object.entries(value)]);
    else plain.push(...valueRows(key, value));
  }
  // Fairness: whether the load generator joined the mesh is one rule for every variant.
  const placement = environment.placement;
  const loadGeneratorMesh = isTextSection(placement)
    ? placement["load generator in the mesh"]
    : undefined;
  return (
    <div aria-label="Environment" data-testid="environment">
      {loadGeneratorMesh ? (
        <p aria-label="Load generator and the mesh">Load generator: {loadGeneratorMesh}</p>
      ) : null}
      {plain.length > 0 ? <Rows rows={plain} /> : null}
      {sections.map(([name, rows]) => (
        <section key={name} aria-label={SECTION_TITLES[name] ?? name}>
          <h3>{SECTION_TITLES[name] ?? name}</h3>
          <Rows rows={rows} />
        </section>
      ))}
    </div>
  );
}
