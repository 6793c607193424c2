import type { TTrialResult } from "@meshbench/contracts";
import { summarizeHistogram } from "@meshbench/core";
import { histogramFromCumulative } from "./cumulative-histogram";
import { checkDuration, protoDurationSeconds } from "./durations";
import { IMPORT_LIMITS, ImportError } from "./errors";
import { fortioFromObject } from "./fortio";
import { safeUrl } from "./fortio-fields";
import {
  at,
  optionalTimestamp,
  parseJsonObject,
  requireArray,
  requireCount,
  requireNumber,
  requireObject,
  type JsonObject,
} from "./json-reader";

export const NIGHTHAWK_LATENCY_STATISTIC = "benchmark_http_client.request_to_response";
const STATUS_COUNTERS = ["1xx", "2xx", "3xx", "4xx", "5xx"];
/** Requests that never got a response: counted as errors under Fortio's socket-error code "-1". */
const FAILURE_COUNTERS = ["benchmark.pool_connection_failure", "benchmark.stream_resets"];

/** The "global" result (all workers); a single unnamed result when Nighthawk ran one worker. */
function globalResult(doc: JsonObject): { result: JsonObject; path: string; workers: number } {
  const results = requireArray(doc["results"], "results", 10_000);
  const names = results.map((r) =>
    typeof r === "object" && r !== null ? (r as JsonObject)["name"] : undefined,
  );
  let index = names.indexOf("global");
  if (index === -1 && results.length === 1) index = 0;
  if (index === -1) {
    throw new ImportError(
      "results",
      `has no "global" result (found ${names.slice(0, 5).map(String).join(", ") || "none"})`,
    );
  }
  const path = at("results", index);
  return {
    result: requireObject(results[index], path),
    path,
    workers: results.length === 1 ? 1 : results.length - 1,
  };
}

function counters(result: JsonObject, path: string): Map<string, number> {
  const raw =
    result["counters"] === undefined
      ? []
      : requireArray(result["counters"], at(path, "counters"), 10_000);
  return new Map(
    raw.map((c, i) => {
      const p = at(at(path, "counters"), i);
      const o = requireObject(c, p);
      return [String(o["name"]), requireCount(o["value"], at(p, "value"), true)] as const;
    }),
  );
}

function latencyStatistic(result: JsonObject, path: string) {
  const statsPath = at(path, "statistics");
  const stats = requireArray(result["statistics"], statsPath, 10_000);
  const index = stats.findIndex(
    (s) =>
      typeof s === "object" &&
      s !== null &&
      (s as JsonObject)["id"] === NIGHTHAWK_LATENCY_STATISTIC,
  );
  if (index === -1)
    throw new ImportError(statsPath, `has no "${NIGHTHAWK_LATENCY_STATISTIC}" statistic`);
  const p = at(statsPath, index);
  const s = requireObject(stats[index], p);
  const count = requireCount(s["count"], at(p, "count"), true);
  const percentiles = requireArray(s["percentiles"], at(p, "percentiles")).map((raw, i) => {
    const pp = at(at(p, "percentiles"), i);
    const o = requireObject(raw, pp);
    return {
      fraction: requireNumber(o["percentile"], at(pp, "percentile")),
      cumulative: requireCount(o["count"], at(pp, "count"), true),
      value: protoDurationSeconds(o["duration"], at(pp, "duration")),
      path: pp,
    };
  });
  const seconds = (key: string) =>
    s[key] === undefined ? undefined : protoDurationSeconds(s[key], at(p, key));
  const mean = seconds("mean") ?? 0;
  const histogram = histogramFromCumulative(percentiles, {
    count,
    // Nighthawk reports the mean (to the nanosecond), not the sum.
    sum: mean * count,
    stddev: seconds("pstdev") ?? null,
    min: seconds("min"),
    max: seconds("max"),
    countPath: at(p, "count"),
  });
  return histogram;
}

/** Nighthawk's JSON output (nighthawk_client --output-format json): the global result is used. */
export function nighthawkFromObject(doc: JsonObject): TTrialResult {
  const options = doc["options"] === undefined ? {} : requireObject(doc["options"], "options");
  const { result, path, workers } = globalResult(doc);
  const histogram = latencyStatistic(result, path);
  const c = counters(result, path);
  const concurrency = Number(options["concurrency"]);
  const workerCount = Number.isSafeInteger(concurrency) && concurrency > 0 ? concurrency : workers;
  const rps =
    options["requests_per_second"] === undefined
      ? null
      : requireNumber(options["requests_per_second"], "options.requests_per_second", {
          positive: true,
        });
  const perWorker =
    options["connections"] === undefined
      ? 0
      : requireCount(options["connections"], "options.connections", true);
  const h2 = options["h2"] === true;
  const connections =
    (h2 && options["experimental_h2_use_multiple_connections"] !== true ? 1 : perWorker) *
    workerCount;
  const requested =
    options["duration"] === undefined
      ? null
      : protoDurationSeconds(options["duration"], "options.duration");
  const executed =
    result["execution_duration"] === undefined
      ? null
      : protoDurationSeconds(result["execution_duration"], at(path, "execution_duration"));
  const actual = executed ?? requested;
  if (actual === null)
    throw new ImportError(at(path, "execution_duration"), "is missing (and options.duration too)");
  const retCodes: Record<string, number> = {};
  for (const code of STATUS_COUNTERS) {
    const n = c.get(`benchmark.http_${code}`);
    if (n) retCodes[code] = n;
  }
  const failures = FAILURE_COUNTERS.reduce((a, name) => a + (c.get(name) ?? 0), 0);
  if (failures > 0) retCodes["-1"] = failures;
  const requestOptions =
    typeof options["request_options"] === "object" && options["request_options"] !== null
      ? (options["request_options"] as JsonObject)
      : {};
  const bodySize = requestOptions["request_body_size"];
  const meta: Record<string, unknown> = {
    format: "nighthawk",
    workers: workerCount,
    url: safeUrl(options["uri"]),
    openLoop: options["open_loop"] === true ? true : undefined,
    poolOverflow: c.get("benchmark.pool_overflow"),
    upstreamRequests: c.get("upstream_rq_total"),
    actualDurationFromOptions: executed === null ? true : undefined,
  };
  return {
    loadGenerator: "nighthawk",
    runType: "HTTP",
    labels: Array.isArray(options["labels"])
      ? options["labels"].filter((l) => typeof l === "string").join(" ")
      : "",
    startedAt: optionalTimestamp(doc["timestamp"], "timestamp"),
    requestedQps: rps === null ? null : rps * workerCount,
    requestedDurationSeconds:
      requested === null ? null : checkDuration(requested, "options.duration"),
    actualQps: actual > 0 ? (c.get("upstream_rq_total") ?? histogram.count) / actual : 0,
    actualDurationSeconds: checkDuration(actual, at(path, "execution_duration")),
    connections: connections > 0 ? Math.min(connections, IMPORT_LIMITS.maxConnections) : null,
    requestCount: histogram.count,
    errorCount: Object.entries(retCodes).reduce((a, [code, n]) => (code === "2xx" ? a : a + n), 0),
    retCodes,
    resolutionSeconds: null,
    protocol: h2 ? "h2" : "http1",
    keepAlive: true,
    payloadBytes:
      typeof bodySize === "number" && Number.isSafeInteger(bodySize) && bodySize >= 0
        ? bodySize
        : 0,
    histogram,
    summary: summarizeHistogram(histogram),
    meta: Object.fromEntries(Object.entries(meta).filter(([, v]) => v !== undefined)),
  };
}

/** Nighthawk's JSON document, or its Fortio-compatible output (--output-format fortio). */
export function nighthawkDocument(doc: JsonObject): TTrialResult {
  return doc["DurationHistogram"] !== undefined ? fortioFromObject(doc) : nighthawkFromObject(doc);
}

/** Nighthawk's JSON output, or its Fortio-compatible output (--output-format fortio). */
export function importNighthawkJson(text: string): TTrialResult {
  return nighthawkDocument(parseJsonObject(text));
}
