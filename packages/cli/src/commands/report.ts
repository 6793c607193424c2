import path from "node:path";
import type { TExportFile, TRunReport } from "@meshbench/contracts";
import { apiTarget, callApi } from "../api-client";
import { parse, requireString } from "../args";
import { CliError, EXIT, type CliIo } from "../io";
import { deltaRows, textTable } from "./report-rows";
import { CONNECTION } from "./verdict";

export const REPORT_USAGE =
  "usage: meshbench report <runId> [--reference variant] [--json] [--url u] [--token t]";
export const EXPORT_USAGE =
  "usage: meshbench export <runId> --format csv|json|smp [--output file] [--url u] [--token t]";

const runPath = (runId: string) => `/runs/${encodeURIComponent(runId)}`;

/** The run report as a terminal reads it: status, failures, and every delta with its interval. */
function describe(report: TRunReport): string {
  const r = report.run;
  const head = [
    `run ${r.id}: ${r.title} — ${r.status}`,
    `deltas against ${report.reference ?? "no reference"}; variants: ${report.variants.join(", ")}`,
    ...(report.failures.count > 0 ? [`${report.failures.count} trial(s) failed`] : []),
  ];
  const rows = deltaRows(report).map((d) => [
    d.level,
    d.variant,
    d.stat,
    d.values,
    d.delta,
    d.interval,
    d.noise,
  ]);
  const table = textTable(["level", "variant", "stat", "ms", "delta", "interval", "noise"], rows);
  return `${head.join("\n")}\n${rows.length ? table : "no deltas (one variant, or no results)\n"}`;
}

/** `report <runId>`: GET /runs/{runId}/report, the JSON the run page renders (--json verbatim). */
export async function report(argv: string[], io: CliIo): Promise<number> {
  const opts = { ...CONNECTION, reference: { type: "string" } } as const;
  const { values, positionals } = parse(argv, opts, REPORT_USAGE);
  if (positionals.length !== 1) throw new CliError(EXIT.usage, REPORT_USAGE);
  const query = values.reference ? `?reference=${encodeURIComponent(values.reference)}` : "";
  const body = await callApi<TRunReport>(
    io,
    apiTarget(values, io),
    "GET",
    `${runPath(positionals[0]!)}/report${query}`,
  );
  io.stdout(values.json ? `${JSON.stringify(body, null, 2)}\n` : describe(body));
  return EXIT.ok;
}

const ROUTES: Record<string, (runId: string) => string> = {
  csv: (runId) => `${runPath(runId)}/export?format=csv`,
  json: (runId) => `${runPath(runId)}/export?format=json`,
  smp: (runId) => `${runPath(runId)}/export/smp`,
};

/** Writes an export file (or its text to stdout); the server names the file. */
export async function writeExport(io: CliIo, file: TExportFile, output: string | undefined) {
  if (!output) return io.stdout(file.body.endsWith("\n") ? file.body : `${file.body}\n`);
  const target = output.endsWith("/") ? `${output}${file.filename}` : output;
  try {
    await io.writeFile(path.resolve(io.cwd, target), file.body);
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new CliError(EXIT.error, `write ${target} failed: ${why}`);
  }
  io.stderr(`wrote ${target} (${file.contentType})\n`);
}

/** `export <runId> --format csv|json|smp`: the run page's downloads over REST. */
export async function exportRun(argv: string[], io: CliIo): Promise<number> {
  const opts = { ...CONNECTION, format: { type: "string" }, output: { type: "string" } } as const;
  const { values, positionals } = parse(argv, opts, EXPORT_USAGE);
  if (positionals.length !== 1) throw new CliError(EXIT.usage, EXPORT_USAGE);
  const format = requireString(values.format, "--format", EXPORT_USAGE);
  const route = ROUTES[format];
  if (!route)
    throw new CliError(EXIT.usage, `--format must be one of ${Object.keys(ROUTES).join(", ")}`);
  const file = await callApi<TExportFile>(io, apiTarget(values, io), "GET", route(positionals[0]!));
  await writeExport(io, file, values.output);
  return EXIT.ok;
}
