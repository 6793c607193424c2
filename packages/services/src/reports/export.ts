import {
  STATISTIC_LABELS,
  type TComparisonReport,
  type TLevelReport,
  type TRunReport,
} from "@meshbench/contracts";

export type ExportFile = { filename: string; contentType: string; body: string };

const ms = (s: number | null | undefined) =>
  s === null || s === undefined ? "" : String(s * 1000);
const num = (v: number | null | undefined) => (v === null || v === undefined ? "" : String(v));

function csvField(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The percentile tables as CSV: one row per series and level, latencies in milliseconds. */
export function tablesToCsv(tables: TLevelReport[]): string {
  const statHeaders = Object.values(STATISTIC_LABELS).flatMap((label) => [
    `${label}_ms`,
    `${label}_mean_ms`,
    `${label}_sd_ms`,
    `${label}_delta_ms`,
    `${label}_delta_rel`,
    `${label}_ci_low_ms`,
    `${label}_ci_high_ms`,
    `${label}_within_noise`,
  ]);
  const header = [
    "level",
    "series",
    "variant",
    "reference",
    "repetitions",
    "requests",
    "errors",
    "achieved_qps",
    ...statHeaders,
  ];
  const lines = [header.join(",")];
  for (const table of tables) {
    for (const row of table.rows) {
      const stats = row.stats.flatMap((c) => [
        ms(c.value),
        ms(c.mean),
        ms(c.sd),
        ms(c.delta?.absolute),
        num(c.delta?.relative),
        ms(c.delta?.interval?.absolute[0]),
        ms(c.delta?.interval?.absolute[1]),
        c.delta?.withinNoise === null || c.delta === null ? "" : String(c.delta.withinNoise),
      ]);
      const fields = [
        table.label,
        row.label,
        row.variant,
        String(row.isReference),
        String(row.repetitions),
        String(row.requestCount),
        String(row.errorCount),
        num(row.achievedQps),
        ...stats,
      ];
      lines.push(fields.map(csvField).join(","));
    }
  }
  return `${lines.join("\n")}\n`;
}

/** The tables as JSON (seconds, like every API payload), without the chart curves. */
export function tablesToJson(meta: Record<string, unknown>, tables: TLevelReport[]): string {
  return JSON.stringify({ ...meta, tables: tables.map(({ curves: _c, ...t }) => t) }, null, 2);
}

export function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 48) || "run"
  );
}

export function runExport(report: TRunReport, format: "csv" | "json"): ExportFile {
  const base = `meshbench-${slugify(report.run.title)}-${report.run.id}`;
  if (format === "csv")
    return {
      filename: `${base}.csv`,
      contentType: "text/csv; charset=utf-8",
      body: tablesToCsv(report.levels),
    };
  const meta = {
    run: { id: report.run.id, title: report.run.title, status: report.run.status },
    reference: report.reference,
    units: "seconds",
  };
  return {
    filename: `${base}.json`,
    contentType: "application/json",
    body: tablesToJson(meta, report.levels),
  };
}

export function comparisonExport(report: TComparisonReport, format: "csv" | "json"): ExportFile {
  const base = `meshbench-comparison-${slugify(report.runs.map((r) => r.title).join("-"))}`;
  const tables = [report.table];
  return format === "csv"
    ? { filename: `${base}.csv`, contentType: "text/csv; charset=utf-8", body: tablesToCsv(tables) }
    : {
        filename: `${base}.json`,
        contentType: "application/json",
        body: tablesToJson({ state: report.state, runs: report.runs, units: "seconds" }, tables),
      };
}
