import {
  STATISTIC_LABELS,
  ZResourceCost,
  type TComparisonReport,
  type TExportFile,
  type TExportFormat,
  type TLevelReport,
  type TRateSeries,
  type TRunReport,
  secondsToMs,
} from "@meshbench/contracts";
import { csvLine, type CsvCell } from "./csv";
import {
  flatten,
  generatorRows,
  loadCurveRows,
  otherSections,
  trialValidity,
} from "./export-sections";

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
  const lines = [csvLine(header)];
  for (const table of tables) {
    for (const row of table.rows) {
      const stats = row.stats.flatMap((c) => [
        secondsToMs(c.value),
        secondsToMs(c.mean),
        secondsToMs(c.sd),
        secondsToMs(c.delta?.absolute),
        c.delta?.relative,
        secondsToMs(c.delta?.interval?.absolute[0]),
        secondsToMs(c.delta?.interval?.absolute[1]),
        c.delta?.withinNoise,
      ]);
      lines.push(
        csvLine([
          table.label,
          row.label,
          row.variant,
          row.isReference,
          row.repetitions,
          row.requestCount,
          row.errorCount,
          row.achievedQps,
          ...stats,
        ]),
      );
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

/** A list of records as one CSV table: the union of their keys as columns, nested values as JSON. */
export function recordsToCsv(
  records: Record<string, unknown>[],
  columnsWhenEmpty: string[] = [],
): string {
  const keys = [...new Set(records.flatMap((r) => Object.keys(r)))];
  const columns = keys.length > 0 ? keys : columnsWhenEmpty;
  const cell = (v: unknown): CsvCell =>
    v === null || v === undefined || typeof v === "number" || typeof v === "boolean"
      ? v
      : v instanceof Date
        ? v.toISOString()
        : typeof v === "string"
          ? v
          : JSON.stringify(v); // objects and arrays as JSON text
  const lines = [csvLine(columns), ...records.map((r) => csvLine(columns.map((c) => cell(r[c]))))];
  return `${lines.join("\n")}\n`;
}

/** A named CSV section after the tables: a blank line, "# name", then its own header and rows. */
const section = (name: string, csv: string) => `\n# ${name}\n${csv}`;

/** Everything the run page shows, in one JSON document (latencies in seconds). */
function runJson(report: TRunReport, rateSeries: Record<string, TRateSeries>): string {
  const validity = trialValidity(report.trials);
  const { levels, progress: _progress, loadCurve: _curve, flags, failures, ...rest } = report;
  return JSON.stringify(
    {
      units: "seconds",
      ...Object.fromEntries(otherSections(report)),
      run: rest.run,
      reference: rest.reference,
      variants: rest.variants,
      environment: rest.environment,
      tables: levels.map(({ curves: _c, ...t }) => t),
      loadCurve: loadCurveRows(report, validity),
      resources: rest.resources,
      validity: { flags, failures, trials: validity },
      trials: rest.trials,
      /** Per-second requests and errors by trial key, for the trials whose source had them. */
      rateSeries,
    },
    null,
    2,
  );
}

/**
 * The percentile tables first (unchanged, so spreadsheets and scripts reading the first table
 * keep working), then one section each: load curve (achieved vs requested, error rate,
 * saturated trials), resources, validity (every trial: counted or excluded and why, its flags),
 * failures, the run and its environment (as the report sanitised it: no secrets), and any other
 * list the report carries.
 */
function runCsv(report: TRunReport): string {
  const validity = trialValidity(report.trials);
  const curve = loadCurveRows(report, validity).map(({ stats, ...p }) => ({
    ...p,
    ...Object.fromEntries(Object.entries(stats).map(([stat, v]) => [`${stat}_ms`, secondsToMs(v)])),
  }));
  const trials = validity.map(({ flags, ...v }) => ({
    ...v,
    flags: flags.map((f) => `${f.code} (${f.severity})`).join("; "),
    flag_messages: flags.map((f) => f.message).join(" | "),
  }));
  const reasons = report.failures.reasons.map((r) => ({ ...r, trials: r.trials.join(" ") }));
  const generators = generatorRows(report.trials);
  const keyValues = (value: unknown) =>
    recordsToCsv(flatten(value).map(([key, v]) => ({ key, value: v })));
  const others = otherSections(report).map(([name, value]) =>
    section(
      name,
      Array.isArray(value) && value.every((v) => v && typeof v === "object")
        ? recordsToCsv(value as Record<string, unknown>[])
        : keyValues(value),
    ),
  );
  return [
    tablesToCsv(report.levels),
    section("load_curve", recordsToCsv(curve)),
    section("resources", recordsToCsv(report.resources, Object.keys(ZResourceCost.shape))),
    section("validity", recordsToCsv(trials)),
    ...(generators.length ? [section("generators", recordsToCsv(generators))] : []),
    section("failures", recordsToCsv(reasons, ["reason", "count", "trials"])),
    section(
      "incomplete_cells",
      recordsToCsv(report.failures.incompleteCells, [
        "variant",
        "levelKey",
        "planned",
        "succeeded",
      ]),
    ),
    section("run", keyValues({ ...report.run, reference: report.reference })),
    section("environment", keyValues(report.environment)),
    ...others,
  ].join("");
}

export function runExport(
  report: TRunReport,
  format: TExportFormat,
  rateSeries: Record<string, TRateSeries> = {},
): TExportFile {
  const base = `meshbench-${slugify(report.run.title)}-${report.run.id}`;
  return format === "csv"
    ? { filename: `${base}.csv`, contentType: "text/csv; charset=utf-8", body: runCsv(report) }
    : {
        filename: `${base}.json`,
        contentType: "application/json",
        body: runJson(report, rateSeries),
      };
}

export function comparisonExport(report: TComparisonReport, format: TExportFormat): TExportFile {
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
