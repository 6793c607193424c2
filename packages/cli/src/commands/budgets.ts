import type { TBudgets } from "@meshbench/contracts";
import { apiTarget, callApi } from "../api-client";
import { parse, requireString } from "../args";
import { CliError, EXIT, readJson, type CliIo } from "../io";
import { CONNECTION } from "./verdict";

export const BUDGETS_USAGE =
  "usage: meshbench budgets get <benchmark> [--json]\n" +
  "       meshbench budgets set <benchmark> --file budgets.json [--json]\n" +
  "       (each with [--url u] [--token t]; set needs an admin's budgets:write token)";

type Answer = { benchmarkKey: string; budgets: TBudgets };

function describe({ benchmarkKey, budgets }: Answer): string {
  const rules = budgets.rules.map((r, i) => `  ${i}. ${r.kind} ${JSON.stringify(r)}`);
  return [
    `budgets of ${benchmarkKey}: ${budgets.rules.length} rule(s); ${Math.round(budgets.confidence * 100)}% intervals, ` +
      `at least ${budgets.minRepetitions} repetitions and ${budgets.minSamples} samples per side`,
    ...rules,
    "",
  ].join("\n");
}

/** `budgets get|set <benchmark>`: GET/PUT /benchmarks/{key}/budgets (set is admin-only, audited). */
export async function budgets(argv: string[], io: CliIo): Promise<number> {
  const opts = { ...CONNECTION, file: { type: "string" } } as const;
  const { values, positionals } = parse(argv, opts, BUDGETS_USAGE);
  const [sub, key, ...extra] = positionals;
  if (!key || extra.length > 0 || (sub !== "get" && sub !== "set"))
    throw new CliError(EXIT.usage, BUDGETS_USAGE);
  const route = `/benchmarks/${encodeURIComponent(key)}/budgets`;
  const target = apiTarget(values, io);
  const answer =
    sub === "get"
      ? await callApi<Answer>(io, target, "GET", route)
      : await callApi<Answer>(io, target, "PUT", route, {
          budgets: await readJson(io, requireString(values.file, "--file", BUDGETS_USAGE)),
        });
  io.stdout(values.json ? `${JSON.stringify(answer, null, 2)}\n` : describe(answer));
  return EXIT.ok;
}
