/**
 * The sample lines of a Prometheus text or OpenMetrics exposition (ztunnel writes OpenMetrics,
 * with `# EOF` and `_total` samples under a `# TYPE x counter` family; Envoy and Linkerd write the
 * 0.0.4 text format). Only `name{labels} value` lines matter to the path check, so comments, the
 * families' metadata, timestamps and exemplars are skipped: the npm parser that exists
 * (parse-prometheus-text-format) reads only the older format and groups by family, which the
 * OpenMetrics `_total` suffix breaks.
 */
export type Sample = { name: string; labels: Record<string, string>; value: number };

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;
const unescape = (v: string) => v.replace(/\\(["\\n])/g, (_, c: string) => (c === "n" ? "\n" : c));

export function parseSamples(text: string): Sample[] {
  const out: Sample[] = [];
  for (const raw of text.split("\n")) {
    // An OpenMetrics exemplar (`… 5 # {trace_id="…"} 1`) is not part of the sample.
    const line = raw.split(" # {")[0]!.trim();
    if (!line || line.startsWith("#")) continue;
    const m = SAMPLE.exec(line);
    if (!m) continue;
    const value = Number(m[3]);
    if (!Number.isFinite(value)) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? "").matchAll(LABEL)) labels[l[1]!] = unescape(l[2]!);
    out.push({ name: m[1]!, labels, value });
  }
  return out;
}

/** The sum of a metric over the samples whose labels include every given label value. */
export function sumOf(samples: readonly Sample[], name: string, match: Record<string, string>) {
  let total = 0;
  for (const s of samples)
    if (s.name === name && Object.entries(match).every(([k, v]) => s.labels[k] === v))
      total += s.value;
  return total;
}
