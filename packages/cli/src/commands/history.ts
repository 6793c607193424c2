import type { TBenchmarkHistory, TChangePoint } from "@meshbench/contracts";
import { formatRelativeDelta } from "@meshbench/core";
import { apiTarget, callApi } from "../api-client";
import { optionalNumber, parse, requireString } from "../args";
import { CliError, EXIT, type CliIo } from "../io";
import { HISTORY_CURATE_USAGE, historyCurate } from "./history-curate";
import { CONNECTION } from "./verdict";

export const HISTORY_USAGE =
  "usage: meshbench history show <benchmark> [--statistic p50|p99|…] [--variant v] [--git-branch b] [--limit n] [--json]\n" +
  "       meshbench history decide <benchmark> confirm|dismiss --series <seriesKey> --run <runId> [--json]\n" +
  `${HISTORY_CURATE_USAGE}\n` +
  "       (each with [--url u] [--token t]; decide needs the benchmarks:write scope)";

const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);

function describeChangePoint(c: TChangePoint): string {
  const change = c.relativeChange === null ? "" : ` (${formatRelativeDelta(c.relativeChange)})`;
  return (
    `  [${c.status}] ${c.seriesLabel} ${c.statistic} from run ${c.runId}: ` +
    `${ms(c.beforeMs)} → ${ms(c.afterMs)} ms${change}, p=${c.pValue.toFixed(3)}; series "${c.seriesKey}"` +
    (c.coincidesWith?.length
      ? `; coincides with ${c.coincidesWith.map((m) => (m.kind === "mesh" ? `mesh version change ${m.label}` : m.label)).join("; ")}`
      : "")
  );
}

/** The history page as text: each series' statistic per run (oldest first), then change points. */
function describe(h: TBenchmarkHistory): string {
  const lines = [
    `history of ${h.benchmarkKey} (${h.benchmarkName}): ${h.statistic} over ${h.runs.length} run(s)`,
  ];
  for (const s of h.series)
    lines.push(`  ${s.label}: ${s.points.map((p) => ms(p.valueMs)).join(", ")} ms`);
  for (const b of h.budgetLines) lines.push(`  budget ${b.label}: ${ms(b.valueMs)} ms`);
  for (const m of h.markers ?? []) lines.push(`  at run ${m.runId}: ${m.label}`);
  for (const r of h.runs)
    if (r.exclusion) lines.push(`  excluded run ${r.runId} (${r.title}): ${r.exclusion.reason}`);
  const points = h.changePoints ?? [];
  lines.push(
    points.length ? "change points:" : "no change points",
    ...points.map(describeChangePoint),
  );
  return `${lines.join("\n")}\n`;
}

/**
 * `history show|decide <benchmark>`: GET /benchmarks/{key}/history (read) and
 * POST /benchmarks/{key}/change-points (benchmarks:write) — the history page's trend and its
 * confirm/dismiss buttons.
 */
export async function history(argv: string[], io: CliIo): Promise<number> {
  const curate = argv[0];
  if (curate === "exclude" || curate === "include" || curate === "compare")
    return historyCurate(curate, argv.slice(1), io, HISTORY_USAGE);
  const opts = {
    ...CONNECTION,
    statistic: { type: "string" },
    variant: { type: "string" },
    "git-branch": { type: "string" },
    limit: { type: "string" },
    series: { type: "string" },
    run: { type: "string" },
  } as const;
  const { values, positionals } = parse(argv, opts, HISTORY_USAGE);
  const [sub, key, decision, ...extra] = positionals;
  const target = apiTarget(values, io);
  const route = `/benchmarks/${encodeURIComponent(key ?? "")}`;
  if (sub === "show" && key && decision === undefined) {
    const limit = optionalNumber(values.limit, "--limit", { integer: true });
    const query = new URLSearchParams({
      ...(values.statistic ? { statistic: values.statistic } : {}),
      ...(values.variant ? { variant: values.variant } : {}),
      ...(values["git-branch"] ? { gitBranch: values["git-branch"] } : {}),
      ...(limit !== undefined ? { limit: String(limit) } : {}),
    }).toString();
    const answer = await callApi<TBenchmarkHistory>(
      io,
      target,
      "GET",
      `${route}/history${query ? `?${query}` : ""}`,
    );
    io.stdout(values.json ? `${JSON.stringify(answer, null, 2)}\n` : describe(answer));
    return EXIT.ok;
  }
  if (sub !== "decide" || !key || extra.length > 0) throw new CliError(EXIT.usage, HISTORY_USAGE);
  if (decision !== "confirm" && decision !== "dismiss")
    throw new CliError(EXIT.usage, `decide takes confirm or dismiss\n${HISTORY_USAGE}`);
  const answer = await callApi<{ seriesKey: string; runId: string; status: string }>(
    io,
    target,
    "POST",
    `${route}/change-points`,
    {
      seriesKey: requireString(values.series, "--series", HISTORY_USAGE),
      runId: requireString(values.run, "--run", HISTORY_USAGE),
      status: decision === "confirm" ? "confirmed" : "dismissed",
    },
  );
  io.stdout(
    values.json
      ? `${JSON.stringify(answer, null, 2)}\n`
      : `${answer.status} the change point of "${answer.seriesKey}" at run ${answer.runId}\n`,
  );
  return EXIT.ok;
}
