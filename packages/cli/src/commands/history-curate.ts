import type { THistoryComparison, TRunExclusion } from "@meshbench/contracts";
import { formatRelativeDelta } from "@meshbench/core";
import { apiTarget, callApi } from "../api-client";
import { parse, requireString } from "../args";
import { CliError, EXIT, type CliIo } from "../io";
import { CONNECTION } from "./verdict";

export const HISTORY_CURATE_USAGE =
  "       meshbench history exclude <runId> --reason <why> [--json]   (benchmarks:write)\n" +
  "       meshbench history include <runId> [--json]                  (benchmarks:write)\n" +
  "       meshbench history compare <benchmark> --mesh <name>|--label <key> --a <value> --b <value>\n" +
  "                                 [--statistic p50|p99|…] [--variant v] [--git-branch b] [--json]";

const ms = (v: number | null) => (v === null ? "—" : v.toFixed(v < 10 ? 3 : 1));

function describeComparison(c: THistoryComparison): string {
  const lines = [
    `${c.benchmarkKey}: ${c.by === "meshVersion" ? `${c.name} version` : `label ${c.name}`} ` +
      `${c.sides.a.value} (${c.sides.a.runIds.length} run(s)) vs ${c.sides.b.value} (${c.sides.b.runIds.length} run(s))`,
  ];
  for (const s of c.series) {
    const d = s.delta;
    const change = d.relative === null ? "" : ` (${formatRelativeDelta(d.relative)})`;
    const ci = d.interval
      ? `, 95% CI [${ms(d.interval.absolute[0])}, ${ms(d.interval.absolute[1])}] ms`
      : ", no interval (fewer than 3 runs a side)";
    lines.push(`  ${s.label}: ${ms(d.baseline)} → ${ms(d.variant)} ms${change}${ci}`);
  }
  lines.push(`(${c.method})`);
  return `${lines.join("\n")}\n`;
}

/**
 * `history exclude|include <runId>` (POST /runs/{id}/exclude|include) and `history compare
 * <benchmark>` (GET /benchmarks/{key}/history/compare): the history page's run exclusions and
 * its comparison across versions.
 */
export async function historyCurate(
  sub: "exclude" | "include" | "compare",
  argv: string[],
  io: CliIo,
  usage: string,
): Promise<number> {
  const opts = {
    ...CONNECTION,
    reason: { type: "string" },
    mesh: { type: "string" },
    label: { type: "string" },
    a: { type: "string" },
    b: { type: "string" },
    statistic: { type: "string" },
    variant: { type: "string" },
    "git-branch": { type: "string" },
  } as const;
  const { values, positionals } = parse(argv, opts, usage);
  const [target, ...extra] = positionals;
  if (!target || extra.length > 0) throw new CliError(EXIT.usage, usage);
  const api = apiTarget(values, io);
  const print = (json: unknown, text: string) =>
    io.stdout(values.json ? `${JSON.stringify(json, null, 2)}\n` : text);
  if (sub === "exclude") {
    const reason = requireString(values.reason, "--reason", usage);
    const answer = await callApi<TRunExclusion>(
      io,
      api,
      "POST",
      `/runs/${encodeURIComponent(target)}/exclude`,
      { reason },
    );
    print(answer, `excluded run ${answer.runId} from history, change points and baselines\n`);
    return EXIT.ok;
  }
  if (sub === "include") {
    const answer = await callApi<{ runId: string }>(
      io,
      api,
      "POST",
      `/runs/${encodeURIComponent(target)}/include`,
      {},
    );
    print(answer, `run ${answer.runId} counts in history again\n`);
    return EXIT.ok;
  }
  if ((values.mesh === undefined) === (values.label === undefined))
    throw new CliError(EXIT.usage, `compare takes either --mesh or --label\n${usage}`);
  const query = new URLSearchParams({
    by: values.mesh !== undefined ? "meshVersion" : "label",
    name: values.mesh ?? values.label ?? "",
    a: requireString(values.a, "--a", usage),
    b: requireString(values.b, "--b", usage),
    ...(values.statistic ? { statistic: values.statistic } : {}),
    ...(values.variant ? { variant: values.variant } : {}),
    ...(values["git-branch"] ? { gitBranch: values["git-branch"] } : {}),
  }).toString();
  const answer = await callApi<THistoryComparison>(
    io,
    api,
    "GET",
    `/benchmarks/${encodeURIComponent(target)}/history/compare?${query}`,
  );
  print(answer, describeComparison(answer));
  return EXIT.ok;
}
