import { describeOutboundError, outboundGet, type OutboundPolicy } from "@meshbench/outbound";
import type { Reading } from "./cluster-metrics";

/**
 * CPU/memory per container through a cluster's Prometheus (cAdvisor series), when one is
 * configured. The HTTP API (`/api/v1/query`) answers an instant vector per query.
 */
type PrometheusSeries = { labels: Record<string, string>; value: number; at: Date };

/** Whether Prometheus has failed for this gateway (then the cluster's own sources are used). */
export type PrometheusState = { failed: boolean };

/** The rate window: at least two scrapes at a 15 s interval. */
const RATE_WINDOW = "30s";
const DEFAULT_TIMEOUT_MS = 5000;
/** Two instant vectors for a few namespaces: far below this. */
const MAX_PROMETHEUS_BYTES = 16 * 1024 * 1024;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Parses a Prometheus HTTP API response body (already JSON-decoded) holding an instant vector.
 * Throws on an error response or anything not shaped like one; drops non-finite values.
 */
export function parsePrometheusVector(body: unknown): PrometheusSeries[] {
  if (!isRecord(body)) throw new Error("not a Prometheus API response");
  if (body.status === "error") {
    const str = (v: unknown) => (typeof v === "string" ? v : "");
    throw new Error(`${str(body.errorType) || "error"}: ${str(body.error)}`);
  }
  const data = body.data;
  if (body.status !== "success" || !isRecord(data) || !Array.isArray(data.result))
    throw new Error("not a Prometheus API response");
  if (data.resultType !== "vector")
    throw new Error(`expected a vector, got ${String(data.resultType)}`);
  const out: PrometheusSeries[] = [];
  for (const item of data.result as unknown[]) {
    if (!isRecord(item) || !isRecord(item.metric) || !Array.isArray(item.value))
      throw new Error("malformed vector sample");
    const [ts, raw] = item.value as unknown[];
    if (typeof ts !== "number" || typeof raw !== "string")
      throw new Error("malformed vector sample");
    const value = Number(raw);
    if (!Number.isFinite(value)) continue;
    const labels: Record<string, string> = {};
    for (const [k, v] of Object.entries(item.metric)) if (typeof v === "string") labels[k] = v;
    out.push({ labels, value, at: new Date(ts * 1000) });
  }
  return out;
}

/** The two PromQL queries for the given namespaces (names are DNS labels; escaped regardless). */
export function usageQueries(namespaces: string[]) {
  const re = namespaces.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\\\$&")).join("|");
  const sel = `{namespace=~"${re}",container!="",container!="POD"}`;
  return {
    cpu: `sum by (namespace, pod, container) (rate(container_cpu_usage_seconds_total${sel}[${RATE_WINDOW}]))`,
    memory: `sum by (namespace, pod, container) (container_memory_working_set_bytes${sel})`,
  };
}

/** Joins the CPU (cores) and memory (bytes) vectors into readings; a container needs both. */
export function joinUsage(cpu: PrometheusSeries[], memory: PrometheusSeries[]): Reading[] {
  const key = (l: Record<string, string>) => `${l.namespace}/${l.pod}/${l.container}`;
  const mem = new Map(memory.map((s) => [key(s.labels), s.value]));
  const out: Reading[] = [];
  for (const s of cpu) {
    const { namespace, pod, container } = s.labels;
    const memoryBytes = mem.get(key(s.labels));
    if (!namespace || !pod || !container || memoryBytes === undefined) continue;
    out.push({
      namespace,
      pod,
      container,
      cpuMillicores: s.value * 1000,
      memoryBytes,
      sampledAt: s.at,
    });
  }
  return out;
}

/**
 * One instant query under the outbound policy; throws with a reason that never quotes the
 * server (HTTP status, "not a Prometheus API response", a network category).
 */
async function queryPrometheus(
  policy: OutboundPolicy,
  baseUrl: string,
  query: string,
  timeoutMs = DEFAULT_TIMEOUT_MS,
) {
  const url = new URL("api/v1/query", baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
  url.searchParams.set("query", query);
  let answer;
  try {
    answer = await outboundGet(policy, url.href, {
      timeoutMs,
      maxResponseBytes: MAX_PROMETHEUS_BYTES,
    });
  } catch (error) {
    throw new Error(`Prometheus ${describeOutboundError(error)}`, { cause: error });
  }
  if (answer.status !== 200) throw new Error(`Prometheus answered HTTP ${answer.status}`);
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    throw new Error("Prometheus answered something that is not JSON");
  }
  try {
    return parsePrometheusVector(body);
  } catch (error) {
    throw new Error("Prometheus answered something that is not an instant vector", {
      cause: error,
    });
  }
}

/** Readings through Prometheus (cAdvisor's series). */
export async function samplePrometheus(
  policy: OutboundPolicy,
  baseUrl: string,
  namespaces: string[],
  timeoutMs?: number,
): Promise<Reading[]> {
  const q = usageQueries(namespaces);
  const [cpu, memory] = await Promise.all([
    queryPrometheus(policy, baseUrl, q.cpu, timeoutMs),
    queryPrometheus(policy, baseUrl, q.memory, timeoutMs),
  ]);
  return joinUsage(cpu, memory);
}

/**
 * Prometheus when configured and not yet failed, else null (use the cluster's own sources).
 * The first failure is reported through `notice`, once; later calls skip Prometheus.
 */
export async function tryPrometheus(
  policy: OutboundPolicy,
  url: string | null,
  namespaces: string[],
  state: PrometheusState,
  notice: ((message: string) => void) | undefined,
  timeoutMs?: number,
): Promise<Reading[] | null> {
  if (!url || state.failed) return null;
  try {
    return await samplePrometheus(policy, url, namespaces, timeoutMs);
  } catch (error) {
    state.failed = true;
    const why = error instanceof Error ? error.message : String(error);
    notice?.(`Prometheus sampling off (${url}), using the cluster's metrics instead: ${why}`);
    return null;
  }
}
