import {
  ZProtocol,
  type TLatencySummary,
  type TTrialResult,
  msToSeconds,
  secondsToMs,
} from "@meshbench/contracts";
import { IMPORT_LIMITS, ImportError, preview } from "./errors";
import {
  at,
  optionalString,
  optionalTimestamp,
  parseJsonObject,
  requireNumber,
  requireObject,
  type JsonObject,
} from "./json-reader";

/*
 * Service Mesh Performance (SMP) PerformanceTestResult, protobuf JSON: latencies_ms {min, average,
 * p50, p90, p99, max} in milliseconds, actual_qps, start_time/end_time, labels (map<string,
 * string>). Summary only: it cannot be pooled. Fields SMP lacks (requested QPS, connections,
 * request and error counts, protocol) travel in "meshbench."-prefixed labels so an export
 * imports back whole; SMP files from other tools simply lack them.
 */
export const SMP_VERSION = "v0.0.1";
/** Prefix of the labels that carry what SMP has no field for. */
export const OWN_LABEL_PREFIX = "meshbench.";
const OWN = OWN_LABEL_PREFIX;
export const SMP_LATENCY_KEYS = ["min", "average", "p50", "p90", "p99", "max"] as const;

const pick = (doc: JsonObject, snake: string, camel: string) => doc[snake] ?? doc[camel];

function readLabels(v: unknown): Record<string, string> {
  if (v === undefined || v === null) return {};
  const o = requireObject(v, "labels");
  if (Object.keys(o).length > 1000) throw new ImportError("labels", "has more than 1000 labels");
  return Object.fromEntries(
    Object.entries(o).map(([k, value]) => {
      if (
        typeof value === "string" ||
        typeof value === "boolean" ||
        (typeof value === "number" && Number.isFinite(value))
      )
        return [k, String(value)];
      throw new ImportError(
        at("labels", k),
        "must be a string, number or boolean (SMP labels are scalars)",
      );
    }),
  );
}

function ownInteger(labels: Record<string, string>, name: string, min: number): number | null {
  const v = labels[OWN + name];
  if (v === undefined) return null;
  const n = Number(v);
  if (!/^\d{1,15}$/.test(v) || n < min)
    throw new ImportError(
      at("labels", OWN + name),
      `must be an integer of at least ${min}, not ${preview(v)}`,
    );
  return n;
}

/** Our own exact label first (start/end timestamps only keep milliseconds), then end − start. */
function durationOf(
  start: string | null,
  end: string | null,
  labels: Record<string, string>,
): number | null {
  const own = labels[OWN + "duration_seconds"];
  if (own !== undefined) {
    const seconds = Number(own);
    if (!(seconds >= 0) || seconds > IMPORT_LIMITS.maxDurationSeconds)
      throw new ImportError(at("labels", OWN + "duration_seconds"), "must be a number of seconds");
    return seconds;
  }
  if (!start || !end) return null;
  const seconds = msToSeconds(Date.parse(end) - Date.parse(start));
  if (seconds < 0) throw new ImportError("end_time", "must not be before start_time");
  if (seconds > IMPORT_LIMITS.maxDurationSeconds)
    throw new ImportError("end_time", "is implausibly far after start_time");
  return seconds;
}

export function smpFromObject(doc: JsonObject): TTrialResult {
  const lat = requireObject(pick(doc, "latencies_ms", "latenciesMs"), "latencies_ms");
  const ms = (key: string) =>
    lat[key] === undefined
      ? null
      : msToSeconds(
          requireNumber(lat[key], at("latencies_ms", key), {
            min: 0,
            max: secondsToMs(IMPORT_LIMITS.maxLatencySeconds),
          }),
        );
  const [min, avg, p50, p90, p99, max] = [
    ms("min"),
    ms("average"),
    ms("p50"),
    ms("p90"),
    ms("p99"),
    ms("max"),
  ];
  if ([min, avg, p50, p90, p99, max].every((v) => v === null))
    throw new ImportError("latencies_ms", "has no latency values");
  const actualQps = requireNumber(pick(doc, "actual_qps", "actualQps"), "actual_qps", {
    min: 0,
    max: IMPORT_LIMITS.maxQps,
  });
  const start = optionalTimestamp(pick(doc, "start_time", "startTime"), "start_time");
  const end = optionalTimestamp(pick(doc, "end_time", "endTime"), "end_time");
  const labels = readLabels(doc["labels"]);
  const duration = durationOf(start, end, labels);
  const requestCount = ownInteger(labels, "request_count", 0);
  const errorCount = ownInteger(labels, "error_count", 0);
  const qps = labels[OWN + "requested_qps"];
  const requestedQps = qps === undefined || qps === "max" ? null : Number(qps);
  if (requestedQps !== null && !(requestedQps > 0))
    throw new ImportError(
      at("labels", OWN + "requested_qps"),
      'must be a positive number or "max"',
    );
  const protocol = ZProtocol.safeParse(labels[OWN + "protocol"]);
  const userLabels = Object.fromEntries(Object.entries(labels).filter(([k]) => !k.startsWith(OWN)));
  const summary: TLatencySummary = {
    min,
    avg,
    p50,
    p75: null,
    p90,
    p99,
    p999: null,
    p9999: null,
    max,
    stddev: null,
  };
  const meta: Record<string, unknown> = {
    format: "smp",
    smpVersion: optionalString(pick(doc, "smp_version", "smpVersion"), "smp_version") ?? undefined,
    id: optionalString(doc["id"], "id") ?? undefined,
    smpLabels: userLabels,
    sourceLoadGenerator: labels[OWN + "load_generator"],
    testId: optionalString(pick(doc, "test_id", "testId"), "test_id") || undefined,
    requestCountEstimated: requestCount === null ? true : undefined,
    errorCountUnknown: errorCount === null ? true : undefined,
  };
  return {
    loadGenerator: "smp",
    runType: labels[OWN + "run_type"] ?? null,
    labels:
      labels[OWN + "labels"] ??
      Object.entries(userLabels)
        .map(([k, v]) => `${k}=${v}`)
        .join(" "),
    startedAt: start,
    requestedQps,
    requestedDurationSeconds: null,
    actualQps,
    actualDurationSeconds: duration ?? 0,
    connections: ownInteger(labels, "connections", 1),
    requestCount: requestCount ?? Math.round(actualQps * (duration ?? 0)),
    errorCount: errorCount ?? 0,
    retCodes: {},
    resolutionSeconds: null,
    protocol: protocol.success ? protocol.data : "http1",
    keepAlive: labels[OWN + "keep_alive"] !== "false",
    payloadBytes: ownInteger(labels, "payload_bytes", 0) ?? 0,
    histogram: null,
    summary,
    meta: Object.fromEntries(Object.entries(meta).filter(([, v]) => v !== undefined)),
  };
}

export function importSmpJson(text: string): TTrialResult {
  return smpFromObject(parseJsonObject(text));
}
