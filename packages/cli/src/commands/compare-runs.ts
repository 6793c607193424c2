import type {
  TComparisonItem,
  TComparisonReport,
  TComparisonState,
  TExportFile,
} from "@meshbench/contracts";
import { formatLatencyDelta, STATISTIC_LABELS } from "@meshbench/contracts";
import { apiTarget, callApi } from "../api-client";
import { optionalNumber, parse } from "../args";
import { CliError, EXIT, type CliIo } from "../io";
import { writeExport } from "./report";
import { textTable } from "./report-rows";
import { CONNECTION } from "./verdict";

export const COMPARE_RUNS_USAGE =
  "       meshbench compare --series run~variant~level[~repetition]... [--reference n] [--json]\n" +
  "         [--export csv|json [--output file]] [--url u] [--token t]   (runs on the server)";

/** `run~variant~level[~repetition]`, as the compare page's permalink writes each series. */
export function seriesOf(text: string): TComparisonItem {
  const [runId, variant, levelKey, repetition, ...rest] = text.split("~");
  if (!runId || !variant || !levelKey || rest.length > 0)
    throw new CliError(
      EXIT.usage,
      `--series must be run~variant~level[~repetition], got "${text}"`,
    );
  const rep =
    repetition === undefined
      ? undefined
      : optionalNumber(repetition, "--series repetition", { integer: true });
  return { runId, variant, levelKey, ...(rep ? { repetition: rep } : {}) };
}

function describe(report: TComparisonReport): string {
  const rows = report.table.rows.map((row) => [
    row.label,
    `${row.repetitions}`,
    ...["p50", "p99"].map((stat) => {
      const cell = row.stats.find((c) => c.stat === stat);
      const value =
        cell?.value === null || cell?.value === undefined
          ? "n/a"
          : formatLatencyDelta(cell.value).replace(/^\+/, "");
      return row.isReference ? value : `${value} (${cell?.wording ?? "—"})`;
    }),
  ]);
  const header = ["series", "reps", STATISTIC_LABELS.p50, STATISTIC_LABELS.p99];
  const warnings = (report.environments ?? []).flatMap((e) =>
    e.differences === null
      ? [`run ${e.runId}: environment unknown`]
      : e.differences.length > 0
        ? [
            `run ${e.runId} ran elsewhere than the first: ${e.differences.map((d) => `${d.field} ${d.a ?? "—"} → ${d.b ?? "—"}`).join("; ")}`,
          ]
        : [],
  );
  return textTable(header, rows) + warnings.map((w) => `${w}\n`).join("");
}

/** `compare --series …`: POST /compare (or /compare/export), the compare page over REST. */
export async function compareRuns(argv: string[], io: CliIo, usage: string): Promise<number> {
  const opts = {
    ...CONNECTION,
    series: { type: "string", multiple: true },
    reference: { type: "string" },
    export: { type: "string" },
    output: { type: "string" },
  } as const;
  const { values, positionals } = parse(argv, opts, usage);
  if (positionals.length > 0 || !values.series?.length) throw new CliError(EXIT.usage, usage);
  const reference = values.reference === undefined ? 0 : Number(values.reference);
  if (!Number.isInteger(reference) || reference < 0 || reference >= values.series.length)
    throw new CliError(EXIT.usage, "--reference must be the index of one of the --series");
  const state: TComparisonState = { items: values.series.map(seriesOf), reference };
  const target = apiTarget(values, io);
  if (values.export !== undefined) {
    if (values.export !== "csv" && values.export !== "json")
      throw new CliError(EXIT.usage, "--export must be csv or json");
    const body = { state, format: values.export };
    const file = await callApi<TExportFile>(io, target, "POST", "/compare/export", body);
    await writeExport(io, file, values.output);
    return EXIT.ok;
  }
  const report = await callApi<TComparisonReport>(io, target, "POST", "/compare", state);
  io.stdout(values.json ? `${JSON.stringify(report, null, 2)}\n` : describe(report));
  return EXIT.ok;
}
