import type { TTrialResult } from "@meshbench/contracts";
import { fortioRestReply, summarizeHistogram } from "@meshbench/core";
import { checkDuration } from "./durations";
import { IMPORT_LIMITS, ImportError, ROOT } from "./errors";
import {
  payloadBytesOf,
  pickScalars,
  protocolOf,
  requestedDurationOf,
  requestedQpsOf,
  retCodesOf,
  safeUrl,
} from "./fortio-fields";
import { histogramDigest, readFortioHistogram, type ReportedPercentile } from "./fortio-histogram";
import {
  optionalBoolean,
  optionalString,
  optionalTimestamp,
  parseJsonObject,
  requireCount,
  requireNumber,
  requireObject,
  requireString,
  type JsonObject,
} from "./json-reader";

/** Return codes that are not errors: HTTP 200, gRPC health SERVING, TCP/UDP OK. */
const OK_CODES = new Set(["200", "SERVING", "OK"]);

/** Option fields worth keeping (scalars only; never UserCredentials, Payload, Metadata, keys). */
const META_FIELDS = {
  Version: "version",
  ID: "id",
  RunID: "runId",
  NumConnections: "numConnections",
  SocketCount: "socketCount",
  Jitter: "jitter",
  Uniform: "uniform",
  NoCatchUp: "noCatchUp",
  HTTP10: "http10",
  Compression: "compression",
  DisableFastClient: "disableFastClient",
  SequentialWarmup: "sequentialWarmup",
  FollowRedirects: "followRedirects",
  Streams: "streams",
  Ping: "ping",
  Destination: "destination",
  BytesSent: "bytesSent",
  BytesReceived: "bytesReceived",
};

/**
 * Nighthawk's Fortio-compatible output mimics Fortio but writes uint64 counts as strings (in its
 * default "quirks" mode), a numeric RequestedQPS, no RunType, and a zero-width first bucket
 * with Percent 0, which Fortio itself never writes.
 */
export function isNighthawkFortioOutput(doc: JsonObject): boolean {
  const h = doc["DurationHistogram"];
  if (typeof h !== "object" || h === null) return false;
  const hist = h as JsonObject;
  const data = Array.isArray(hist["Data"]) ? (hist["Data"] as unknown[]) : [];
  const first = data[0] as JsonObject | undefined;
  return (
    typeof hist["Count"] === "string" ||
    typeof doc["RequestedQPS"] === "number" ||
    // Fortio writes BytesReceived too, but only in its TCP and UDP results.
    (doc["BytesReceived"] !== undefined && doc["RunType"] !== "TCP" && doc["RunType"] !== "UDP") ||
    (first?.["Percent"] === 0 && first["Start"] === first["End"])
  );
}

function errorCountOf(
  doc: JsonObject,
  requestCount: number,
  retCodes: Record<string, number>,
  nighthawk: boolean,
): number {
  const errors = doc["ErrorsDurationHistogram"];
  if (errors !== undefined && errors !== null) {
    const n = requireCount(
      requireObject(errors, "ErrorsDurationHistogram")["Count"],
      "ErrorsDurationHistogram.Count",
      nighthawk,
    );
    if (n > requestCount)
      throw new ImportError(
        "ErrorsDurationHistogram.Count",
        `is ${n}, more than the ${requestCount} requests`,
      );
    return n;
  }
  if (nighthawk) return Math.max(0, requestCount - (retCodes["200"] ?? 0));
  return Object.entries(retCodes).reduce((a, [code, n]) => (OK_CODES.has(code) ? a : a + n), 0);
}

/** Nighthawk's quirks mode writes percentiles as 0–1 fractions; Fortio as percent. */
function asPercent(reported: ReportedPercentile[], nighthawk: boolean): ReportedPercentile[] {
  const fractions = nighthawk && reported.length > 0 && reported.every((r) => r.percentile <= 1);
  return fractions
    ? reported.map((r) => ({ percentile: r.percentile * 100, value: r.value }))
    : reported;
}

/** Up to 120 characters of a server message, single line. */
function excerpt(v: unknown): string {
  const raw =
    typeof v === "string"
      ? v
      : typeof v === "number" || typeof v === "boolean"
        ? String(v)
        : (JSON.stringify(v) ?? "");
  const text = raw.replace(/\s+/g, " ").trim();
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/**
 * Importing one of Fortio's REST replies (core's fortioRestReply) instead of a result is a common
 * mistake, so say exactly what it is instead of "field missing".
 */
function rejectRestReply(doc: JsonObject) {
  const reply = fortioRestReply(doc);
  if (!reply) return;
  if (reply.kind === "error") {
    const detail = reply.details.map(excerpt).join(": ");
    throw new ImportError(
      ROOT,
      `not a result, this is a Fortio REST error reply${detail ? ` (${detail})` : ""}`,
    );
  }
  if (reply.kind === "status")
    throw new ImportError(
      ROOT,
      "not a result, this is a Fortio REST status reply listing runs in progress; import the result once the run has finished",
    );
  const where = reply.resultUrl
    ? `; the result is at ${excerpt(reply.resultUrl)} when the run ends`
    : "";
  throw new ImportError(
    ROOT,
    `not a result, this is a Fortio REST status reply ("${excerpt(reply.message)}", run ${excerpt(reply.runId)})${where}`,
  );
}

/** A parsed Fortio result (or Nighthawk's Fortio-compatible output) as a canonical trial. */
export function fortioFromObject(doc: JsonObject): TTrialResult {
  rejectRestReply(doc);
  const nighthawk = isNighthawkFortioOutput(doc);
  const rawRunType = doc["RunType"];
  if (rawRunType === undefined && !nighthawk) throw new ImportError("RunType", "is missing");
  const runType = rawRunType === undefined ? "HTTP" : requireString(rawRunType, "RunType");
  const h2 = optionalBoolean(doc["H2"], "H2") ?? false;
  const protocol = protocolOf(runType, h2);
  const { histogram, reported } = readFortioHistogram(
    doc["DurationHistogram"],
    "DurationHistogram",
    nighthawk,
  );
  const retCodes = retCodesOf(doc["RetCodes"], nighthawk);
  const duration = requestedDurationOf(doc["RequestedDuration"]);
  const actualNanos = requireCount(doc["ActualDuration"], "ActualDuration", nighthawk);
  const resolution =
    doc["Resolution"] === undefined
      ? null
      : requireNumber(doc["Resolution"], "Resolution", { positive: true, max: 1 });
  const digest = (key: string) => histogramDigest(doc[key], key, nighthawk);
  const meta: Record<string, unknown> = {
    format: nighthawk ? "nighthawk-fortio" : "fortio",
    ...pickScalars(doc, META_FIELDS),
    url: safeUrl(doc["URL"]),
    exactlyCalls: duration.exactlyCalls,
    reportedPercentiles: asPercent(reported, nighthawk),
    sizes: digest("Sizes"),
    headerSizes: digest("HeaderSizes"),
    connectionStats: digest("ConnectionStats"),
    errorsHistogram: digest("ErrorsDurationHistogram"),
  };
  return {
    loadGenerator: nighthawk ? "nighthawk" : "fortio",
    runType,
    labels: optionalString(doc["Labels"], "Labels") ?? "",
    startedAt: optionalTimestamp(doc["StartTime"], "StartTime"),
    requestedQps: requestedQpsOf(doc["RequestedQPS"]),
    requestedDurationSeconds: duration.seconds,
    actualQps: requireNumber(doc["ActualQPS"], "ActualQPS", { min: 0, max: IMPORT_LIMITS.maxQps }),
    actualDurationSeconds: checkDuration(actualNanos / 1e9, "ActualDuration"),
    connections:
      requireCount(doc["NumThreads"], "NumThreads", nighthawk, IMPORT_LIMITS.maxConnections) ||
      badThreads(),
    requestCount: histogram.count,
    errorCount: errorCountOf(doc, histogram.count, retCodes, nighthawk),
    retCodes,
    resolutionSeconds: resolution,
    protocol,
    keepAlive:
      protocol === "http1" || protocol === "h2"
        ? optionalBoolean(doc["DisableKeepAlive"], "DisableKeepAlive") !== true
        : true,
    payloadBytes: payloadBytesOf(doc["Payload"], protocol),
    histogram,
    summary: summarizeHistogram(histogram),
    meta: Object.fromEntries(Object.entries(meta).filter(([, v]) => v !== undefined)),
  };
}

function badThreads(): never {
  throw new ImportError("NumThreads", "must be at least 1");
}

/** `fortio load -json` output, or the body of Fortio's REST /fortio/rest/run. */
export function importFortioJson(text: string): TTrialResult {
  return fortioFromObject(parseJsonObject(text));
}
