import { STATISTIC_LABELS, STATISTICS } from "@meshbench/contracts";
import { assessTrialValidity } from "@meshbench/core";
import { formatOf, parse } from "../args";
import { CliError, EXIT, type CliIo } from "../io";
import { importFile } from "./local-import";

export const INSPECT_USAGE =
  "usage: meshbench inspect <file> [--format fortio|nighthawk|wrk|smp|locust] [--json]";

const ms = (s: number | null) => (s === null ? null : Math.round(s * 1e6) / 1e3);
const show = (v: number | null, digits = 3) => (v === null ? "n/a" : v.toFixed(digits));

export async function inspect(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(
    argv,
    { format: { type: "string" }, json: { type: "boolean" } },
    INSPECT_USAGE,
  );
  if (positionals.length !== 1) throw new CliError(EXIT.usage, INSPECT_USAGE);
  const file = positionals[0]!;
  const trial = await importFile(io, file, formatOf(values.format));
  const flags = assessTrialValidity(trial);
  const latency = Object.fromEntries(STATISTICS.map((s) => [`${s}Ms`, ms(trial.summary[s])]));
  if (values.json) {
    const out = {
      file,
      loadGenerator: trial.loadGenerator,
      labels: trial.labels,
      requestedQps: trial.requestedQps,
      actualQps: trial.actualQps,
      connections: trial.connections,
      count: trial.requestCount,
      errors: trial.errorCount,
      durationSeconds: trial.actualDurationSeconds,
      ...latency,
      histogram: trial.histogram !== null,
      validityFlags: flags,
    };
    io.stdout(`${JSON.stringify(out, null, 2)}\n`);
    return EXIT.ok;
  }
  const lines = [
    `${file} (${trial.loadGenerator}${trial.labels ? `, "${trial.labels}"` : ""})`,
    `  requested QPS  ${trial.requestedQps ?? "max"}    actual QPS  ${trial.actualQps.toFixed(1)}`,
    `  connections    ${trial.connections ?? "n/a"}    requests  ${trial.requestCount}    errors  ${trial.errorCount}`,
    `  latency (ms)   ${STATISTICS.map((s) => `${STATISTIC_LABELS[s]} ${show(latency[`${s}Ms`] ?? null)}`).join("  ")}`,
    `  validity       ${flags.length === 0 ? "ok" : flags.map((f) => `${f.severity}: ${f.code} — ${f.message}`).join("\n                 ")}`,
  ];
  io.stdout(`${lines.join("\n")}\n`);
  return EXIT.ok;
}
