import { STATISTIC_LABELS } from "@meshbench/contracts";
import { compareVariants, formatDeltaWording, formatRelativeDelta } from "@meshbench/core";
import { formatOf, parse } from "../args";
import { CliError, EXIT, type CliIo } from "../io";
import { COMPARE_RUNS_USAGE, compareRuns } from "./compare-runs";
import { importFile } from "./local-import";

export const COMPARE_USAGE =
  "usage: meshbench compare <baseline-file>... -- <variant-file>... [--format f] [--json] [--seed n]   (local files)\n" +
  COMPARE_RUNS_USAGE;
const ms = (s: number | null) => (s === null ? "n/a" : `${(s * 1e3).toFixed(3)} ms`);

export async function compare(argv: string[], io: CliIo): Promise<number> {
  if (argv.includes("--series")) return compareRuns(argv, io, COMPARE_USAGE);
  const split = argv.indexOf("--");
  if (split < 0)
    throw new CliError(
      EXIT.usage,
      `missing "--" between baseline and variant files\n${COMPARE_USAGE}`,
    );
  const opts = {
    format: { type: "string" },
    json: { type: "boolean" },
    seed: { type: "string" },
  } as const;
  const left = parse(argv.slice(0, split), opts, COMPARE_USAGE);
  const right = parse(argv.slice(split + 1), opts, COMPARE_USAGE);
  if (left.positionals.length === 0 || right.positionals.length === 0)
    throw new CliError(EXIT.usage, COMPARE_USAGE);
  const format = formatOf(left.values.format ?? right.values.format);
  const seed = Number(left.values.seed ?? right.values.seed ?? 1);
  if (!Number.isInteger(seed)) throw new CliError(EXIT.usage, "--seed must be an integer");
  const baseline = [];
  for (const f of left.positionals) baseline.push(await importFile(io, f, format));
  const variant = [];
  for (const f of right.positionals) variant.push(await importFile(io, f, format));
  const result = compareVariants(baseline, variant, { seed });
  if (left.values.json || right.values.json) {
    io.stdout(`${JSON.stringify(result, null, 2)}\n`);
    return EXIT.ok;
  }
  const rows = result.statistics.map((s) => {
    const ci = s.interval?.relative
      ? `[${formatRelativeDelta(s.interval.relative[0])}, ${formatRelativeDelta(s.interval.relative[1])}]`
      : s.notEnoughRepetitions
        ? "too few repetitions"
        : "n/a";
    return [
      STATISTIC_LABELS[s.statistic],
      ms(s.baseline),
      ms(s.variant),
      formatDeltaWording(s),
      ci,
    ];
  });
  const header = [
    "stat",
    `baseline (${baseline.length})`,
    `variant (${variant.length})`,
    "delta",
    `${Math.round((result.statistics[0]?.interval?.confidence ?? 0.95) * 100)}% CI (relative)`,
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  io.stdout(
    `${[line(header), ...rows.map(line)].join("\n")}\n${result.method}, bootstrap over repetitions, seed ${result.seed}\n`,
  );
  return EXIT.ok;
}
