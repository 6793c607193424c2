import type { TEnvironmentFingerprint } from "@meshbench/contracts";

/** Canonical JSON: object keys sorted, so equal content always gives the same text. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v !== null && typeof v === "object") {
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`).join(",")}}`;
  }
  return JSON.stringify(v) ?? "null";
}

/** Leaves of the target definition as "target.a.b" → canonical value; arrays stay whole. */
function flattenTarget(prefix: string, v: unknown, out: Map<string, string>) {
  if (v !== null && typeof v === "object" && !Array.isArray(v)) {
    const entries = Object.entries(v as Record<string, unknown>);
    if (entries.length === 0) out.set(prefix, "{}");
    for (const [k, x] of entries) flattenTarget(`${prefix}.${k}`, x, out);
  } else if (v !== undefined) out.set(prefix, canonical(v));
}

/**
 * The fingerprint as flat fields, the unit the compare page lists: node types merged and counted
 * (pool order is not a difference), Fortio arguments kept in order (it is), target leaves by path.
 */
export function fingerprintFields(fp: TEnvironmentFingerprint): Map<string, string> {
  const out = new Map<string, string>();
  out.set("cluster", fp.cluster);
  const nodes = new Map<string, number>();
  for (const n of fp.nodes) nodes.set(n.instanceType, (nodes.get(n.instanceType) ?? 0) + n.count);
  out.set("nodes.total", String([...nodes.values()].reduce((a, b) => a + b, 0)));
  for (const [type, count] of [...nodes].sort(([a], [b]) => a.localeCompare(b)))
    out.set(`nodes.${type}`, String(count));
  out.set("kubernetesVersion", fp.kubernetesVersion ?? "unknown");
  for (const [mesh, version] of Object.entries(fp.meshVersions).sort(([a], [b]) =>
    a.localeCompare(b),
  ))
    out.set(`meshVersions.${mesh}`, version);
  out.set("fortioVersion", fp.fortioVersion ?? "unknown");
  out.set("fortioArgs", fp.fortioArgs.join(" "));
  flattenTarget("target", fp.target, out);
  return out;
}

/** FNV-1a, 32 bits, from an offset basis. */
function fnv1a(text: string, basis: number): number {
  let h = basis >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * A short stable id of the environment: equal fingerprints (up to node order and key order) give
 * the same id, so runs can be grouped by "same environment". Two FNV-1a passes (64 bits): a
 * label for grouping, not a security hash.
 */
export function fingerprintId(fp: TEnvironmentFingerprint): string {
  const text = canonical(Object.fromEntries(fingerprintFields(fp)));
  const hex = (n: number) => n.toString(16).padStart(8, "0");
  return `${hex(fnv1a(text, 0x811c9dc5))}${hex(fnv1a(text, 0x050c5d1f))}`;
}

export interface FingerprintDifference {
  field: string;
  /** null when the field exists only on the other side. */
  a: string | null;
  b: string | null;
}

const ORDER = [
  "cluster",
  "nodes",
  "kubernetesVersion",
  "meshVersions",
  "fortioVersion",
  "fortioArgs",
  "target",
];
const rank = (field: string) => {
  const i = ORDER.indexOf(field.split(".")[0] ?? field);
  return i === -1 ? ORDER.length : i;
};

/** Every field that differs between two environments, in a fixed reading order (cluster first). */
export function diffFingerprints(
  a: TEnvironmentFingerprint,
  b: TEnvironmentFingerprint,
): FingerprintDifference[] {
  const fa = fingerprintFields(a);
  const fb = fingerprintFields(b);
  const fields = [...new Set([...fa.keys(), ...fb.keys()])];
  return fields
    .filter((f) => fa.get(f) !== fb.get(f))
    .sort((x, y) => rank(x) - rank(y) || x.localeCompare(y))
    .map((field) => ({ field, a: fa.get(field) ?? null, b: fb.get(field) ?? null }));
}

export interface RunEnvironment {
  runId: string;
  fingerprint: TEnvironmentFingerprint | null;
}

/**
 * For the compare page: each run's differences from the first run (the reference). Runs without
 * a fingerprint are reported as unknown rather than as identical.
 */
export function environmentDifferences(
  runs: readonly RunEnvironment[],
): { runId: string; fingerprintId: string | null; differences: FingerprintDifference[] | null }[] {
  const ref = runs[0]?.fingerprint ?? null;
  return runs.map((r) => ({
    runId: r.runId,
    fingerprintId: r.fingerprint ? fingerprintId(r.fingerprint) : null,
    differences: r.fingerprint && ref ? diffFingerprints(ref, r.fingerprint) : null,
  }));
}
