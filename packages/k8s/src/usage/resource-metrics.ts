/**
 * Parses the kubelet's `/metrics/resource` endpoint (Prometheus text format): what
 * metrics-server itself scrapes. Only the per-container series are kept.
 */
export type ContainerReading = {
  namespace: string;
  pod: string;
  container: string;
  cpuSecondsTotal: number | null;
  memoryBytes: number | null;
  startTimeSeconds: number | null;
  /** Sample timestamp in ms (the exposition's timestamp, or the scrape time). */
  timestampMs: number;
};

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})?\s+(\S+)(?:\s+(\d+))?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parseResourceMetrics(text: string, scrapedAtMs: number): ContainerReading[] {
  const byKey = new Map<string, ContainerReading>();
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const m = LINE.exec(line);
    if (!m) continue;
    const [, name, , labelText, value, ts] = m;
    if (!name?.startsWith("container_")) continue;
    const labels: Record<string, string> = {};
    for (const l of (labelText ?? "").matchAll(LABEL)) labels[l[1]!] = l[2]!;
    if (!labels.namespace || !labels.pod || !labels.container) continue;
    const key = `${labels.namespace}/${labels.pod}/${labels.container}`;
    const reading = byKey.get(key) ?? {
      namespace: labels.namespace,
      pod: labels.pod,
      container: labels.container,
      cpuSecondsTotal: null,
      memoryBytes: null,
      startTimeSeconds: null,
      timestampMs: ts ? Number(ts) : scrapedAtMs,
    };
    const v = Number(value);
    if (name === "container_cpu_usage_seconds_total") reading.cpuSecondsTotal = v;
    if (name === "container_memory_working_set_bytes") reading.memoryBytes = v;
    if (name === "container_start_time_seconds") reading.startTimeSeconds = v;
    if (ts && name !== "container_start_time_seconds") reading.timestampMs = Number(ts);
    byKey.set(key, reading);
  }
  return [...byKey.values()];
}

/**
 * CPU in millicores from a cumulative counter: the rate since the previous reading of the same
 * container, or since the container started when this is the first reading.
 */
export function cpuMillicores(current: ContainerReading, previous: ContainerReading | undefined) {
  if (current.cpuSecondsTotal === null) return null;
  if (previous?.cpuSecondsTotal != null) {
    // The kubelet refreshes its stats every ~10 s: a reading no newer than the last one is no
    // new information (not the average since the container started, which would read as a rate).
    if (current.timestampMs <= previous.timestampMs) return null;
    const delta = current.cpuSecondsTotal - previous.cpuSecondsTotal;
    return Math.max(0, (delta / ((current.timestampMs - previous.timestampMs) / 1000)) * 1000);
  }
  if (current.startTimeSeconds !== null) {
    // kwok's emulation reports seconds since start here; a kubelet reports the start epoch.
    const start = current.startTimeSeconds;
    const elapsed = start > 1e9 ? current.timestampMs / 1000 - start : start;
    if (elapsed > 0) return (current.cpuSecondsTotal / elapsed) * 1000;
  }
  return null;
}

/** Parses a Kubernetes CPU quantity ("250m", "1", "1500000n") into millicores. */
export function parseCpuQuantity(q: string) {
  const m = /^([0-9.]+)([a-zA-Z]*)$/.exec(q);
  if (!m) return 0;
  const v = Number(m[1]);
  const factor: Record<string, number> = { "": 1000, m: 1, u: 1e-3, n: 1e-6 };
  return v * (factor[m[2] ?? ""] ?? 1000);
}

/** Parses a memory quantity ("128Mi", "1G", "123456") into bytes. */
export function parseMemoryQuantity(q: string) {
  const m = /^([0-9.]+)([a-zA-Z]*)$/.exec(q);
  if (!m) return 0;
  const units: Record<string, number> = {
    "": 1,
    k: 1e3,
    M: 1e6,
    G: 1e9,
    T: 1e12,
    Ki: 1024,
    Mi: 1024 ** 2,
    Gi: 1024 ** 3,
    Ti: 1024 ** 4,
    m: 1e-3,
  };
  return Number(m[1]) * (units[m[2] ?? ""] ?? 1);
}
