import type { TLatencySummary, TTrialResult } from "@meshbench/contracts";
import { columnOf, parseCsv } from "./csv-reader";
import { checkInputSize, IMPORT_LIMITS, ImportError, ROOT } from "./errors";
import { readLocustHistory, type LocustHistory } from "./locust-history";

/** The first cells of Locust's `_stats.csv` and `_stats_history.csv` headers (detection). */
export const LOCUST_STATS_HEADER = /^"?(Type|Method)"?,"?Name"?,"?(Request Count|# requests)"?,/i;
export const LOCUST_HISTORY_HEADER = /^"?Timestamp"?,"?User Count"?,/i;

/** Header names by what they mean; older Locust (< 1.0) spelled some differently. */
const COLUMNS = {
  type: ["Type", "Method"],
  name: ["Name"],
  requests: ["Request Count", "# requests"],
  failures: ["Failure Count", "# failures"],
  average: ["Average Response Time"],
  min: ["Min Response Time"],
  max: ["Max Response Time"],
  requestsPerSecond: ["Requests/s"],
} as const;
const OPTIONAL = {
  median: ["Median Response Time"],
  contentSize: ["Average Content Size"],
  failuresPerSecond: ["Failures/s"],
} as const;

/** One row of `_stats.csv`; response times in seconds (Locust writes milliseconds). */
export interface LocustEndpoint {
  type: string;
  name: string;
  requests: number;
  failures: number;
  requestsPerSecond: number;
  failuresPerSecond: number | null;
  averageContentSizeBytes: number | null;
  min: number | null;
  avg: number | null;
  median: number | null;
  max: number | null;
  /** Locust's percentile columns ("50%" … "100%"); null where Locust wrote "N/A" (no requests). */
  percentiles: { percentile: number; value: number | null }[];
}

const ms = 1e-3;

function number(raw: string | undefined, path: string, opts: { integer?: boolean } = {}) {
  const text = (raw ?? "").trim();
  const n = text === "" ? NaN : Number(text);
  if (!Number.isFinite(n) || n < 0 || (opts.integer && !Number.isInteger(n)))
    throw new ImportError(
      path,
      `must be a non-negative ${opts.integer ? "integer" : "number"}, not ${JSON.stringify(text.slice(0, 20))}`,
    );
  return n;
}

/** A latency in ms → seconds; "N/A" (no requests yet) → null. */
function latency(raw: string | undefined, path: string): number | null {
  if ((raw ?? "").trim() === "N/A") return null;
  const n = number(raw, path) * ms;
  if (n > IMPORT_LIMITS.maxLatencySeconds)
    throw new ImportError(path, `must be at most ${IMPORT_LIMITS.maxLatencySeconds} s`);
  return n;
}

function readEndpoints(header: string[], rows: string[][]): LocustEndpoint[] {
  const col = Object.fromEntries(
    Object.entries(COLUMNS).map(([key, names]) => {
      const index = columnOf(header, ...names);
      if (index < 0) throw new ImportError(names[0], "column is missing from the stats header");
      return [key, index];
    }),
  ) as Record<keyof typeof COLUMNS, number>;
  const opt = Object.fromEntries(
    Object.entries(OPTIONAL).map(([key, names]) => [key, columnOf(header, ...names)]),
  ) as Record<keyof typeof OPTIONAL, number>;
  const percentileColumns = header.flatMap((h, index) => {
    const m = /^(\d+(?:\.\d+)?)%$/.exec(h.trim());
    return m ? [{ percentile: Number(m[1]), index, label: h.trim() }] : [];
  });
  return rows.map((cells, i) => {
    const name = (cells[col.name] ?? "").trim();
    const at = (column: string) => `stats row ${i + 1} (${name.slice(0, 40)}).${column}`;
    const optional = (index: number, column: string) =>
      index < 0 || (cells[index] ?? "").trim() === "" ? null : number(cells[index], at(column));
    return {
      type: (cells[col.type] ?? "").trim(),
      name,
      requests: number(cells[col.requests], at("Request Count"), { integer: true }),
      failures: number(cells[col.failures], at("Failure Count"), { integer: true }),
      requestsPerSecond: number(cells[col.requestsPerSecond], at("Requests/s")),
      failuresPerSecond: optional(opt.failuresPerSecond, "Failures/s"),
      averageContentSizeBytes: optional(opt.contentSize, "Average Content Size"),
      min: latency(cells[col.min], at("Min Response Time")),
      avg: latency(cells[col.average], at("Average Response Time")),
      median: opt.median < 0 ? null : latency(cells[opt.median], at("Median Response Time")),
      max: latency(cells[col.max], at("Max Response Time")),
      percentiles: percentileColumns.map((p) => ({
        percentile: p.percentile,
        value: latency(cells[p.index], at(p.label)),
      })),
    };
  });
}

/** Splits the document into the stats table and, when it follows, the stats_history table. */
function tables(text: string) {
  const rows = parseCsv(text);
  const header = rows[0];
  if (!header || !LOCUST_STATS_HEADER.test(header.join(","))) {
    if (header && LOCUST_HISTORY_HEADER.test(header.join(",")))
      throw new ImportError(
        ROOT,
        "a Locust _stats_history.csv alone is not a result: upload the _stats.csv (its history may follow it)",
      );
    throw new ImportError(
      ROOT,
      "not a Locust _stats.csv: the header lacks Type,Name,Request Count",
    );
  }
  const historyAt = rows.findIndex((r, i) => i > 0 && LOCUST_HISTORY_HEADER.test(r.join(",")));
  const statsRows = rows.slice(1, historyAt < 0 ? undefined : historyAt);
  return {
    header,
    statsRows,
    history: historyAt < 0 ? [] : rows.slice(historyAt),
    historyLine: historyAt + 1,
  };
}

function summaryOf(e: LocustEndpoint): TLatencySummary {
  const p = (q: number) => e.percentiles.find((x) => x.percentile === q)?.value ?? null;
  return {
    min: e.requests > 0 ? e.min : null,
    avg: e.requests > 0 ? e.avg : null,
    p50: p(50) ?? (e.requests > 0 ? e.median : null),
    p75: p(75),
    p90: p(90),
    p99: p(99),
    p999: p(99.9),
    p9999: p(99.99),
    max: e.requests > 0 ? e.max : null,
    stddev: null,
  };
}

/** The row that is the trial: `endpoint` by "Type Name" or Name, else Aggregated (or the only row). */
function pick(endpoints: LocustEndpoint[], endpoint?: string): LocustEndpoint {
  if (endpoint !== undefined) {
    const found = endpoints.find(
      (e) => e.name === endpoint || `${e.type} ${e.name}`.trim() === endpoint,
    );
    if (!found) throw new ImportError("Name", `no row named ${JSON.stringify(endpoint)}`);
    return found;
  }
  const aggregated = endpoints.find((e) => e.name === "Aggregated" && e.type === "");
  if (aggregated) return aggregated;
  if (endpoints.length === 1 && endpoints[0]) return endpoints[0];
  throw new ImportError("Name", `no Aggregated row among ${endpoints.length} rows`);
}

function actualQps(row: LocustEndpoint, history: LocustHistory | null, aggregated: boolean) {
  // The steady window excludes the spawn ramp, which would otherwise read as a QPS shortfall;
  // the history only has Aggregated rows by default, so an endpoint trial keeps its own rate.
  if (aggregated && history?.steady && history.steady.requests > 0)
    return { qps: history.steady.requestsPerSecond, from: "stats_history steady window" };
  return { qps: row.requestsPerSecond, from: "stats Requests/s (whole run)" };
}

/**
 * Locust's `--csv` output as a **summary-only** trial (Locust keeps rounded response times, not
 * a histogram we can pool): the `_stats.csv` text, optionally followed by the matching
 * `_stats_history.csv` text (the CLI pairs them by prefix). The trial is the Aggregated row by
 * default (one load level = one trial, as every other importer); every endpoint's row is kept in
 * `meta.endpoints`, and `options.endpoint` imports one endpoint instead. Failures are Locust's
 * failures (bad status, timeouts, failed checks alike). Connections are the peak user count from
 * the history (each user holds one connection); without a history the upload must say.
 */
export function importLocustCsv(text: string, options: { endpoint?: string } = {}): TTrialResult {
  checkInputSize(text);
  const t = tables(text);
  const endpoints = readEndpoints(t.header, t.statsRows);
  const row = pick(endpoints, options.endpoint);
  const history = readLocustHistory(t.history, t.historyLine);
  const aggregated = row.name === "Aggregated";
  const { qps, from } = actualQps(row, history, aggregated);
  const duration =
    row.requestsPerSecond > 0
      ? row.requests / row.requestsPerSecond
      : (history?.steady?.seconds ?? 0);
  const retCodes: Record<string, number> = { ok: Math.max(0, row.requests - row.failures) };
  if (row.failures > 0) retCodes["failed"] = row.failures;
  return {
    loadGenerator: "locust",
    runType: "HTTP",
    labels: "",
    startedAt: history?.startedAt ?? null,
    requestedQps: null,
    requestedDurationSeconds: null,
    actualQps: Math.min(qps, IMPORT_LIMITS.maxQps),
    actualDurationSeconds: Math.min(duration, IMPORT_LIMITS.maxDurationSeconds),
    connections: history
      ? Math.min(Math.max(history.peakUsers, 1), IMPORT_LIMITS.maxConnections)
      : null,
    requestCount: row.requests,
    errorCount: row.failures,
    retCodes,
    // Locust rounds each response time before counting it: to 1 ms below 100 ms, 10 ms below 1 s.
    resolutionSeconds: 0.001,
    protocol: "http1",
    keepAlive: true,
    payloadBytes: 0,
    histogram: null,
    summary: summaryOf(row),
    meta: {
      format: "locust",
      endpoint: row.type ? `${row.type} ${row.name}` : row.name,
      actualQpsFrom: from,
      averageContentSizeBytes: row.averageContentSizeBytes,
      reportedPercentiles: row.percentiles,
      endpoints: endpoints.filter((e) => e !== row),
      ...(history ? { history } : {}),
    },
  };
}
