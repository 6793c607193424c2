import type { TVerdict } from "@meshbench/contracts";
import { apiTarget, callApi, type ApiTarget } from "../api-client";
import { parse } from "../args";
import { CliError, EXIT, type CliIo } from "../io";

export const VERDICT_USAGE =
  "usage: meshbench verdict <run-id> [--reference-branch b] [--json] [--url u] [--token t]";
const CONNECTION = {
  url: { type: "string" },
  token: { type: "string" },
  json: { type: "boolean" },
} as const;
export { CONNECTION };

export function exitCodeOf(verdict: TVerdict): number {
  return verdict.status === "pass"
    ? EXIT.pass
    : verdict.status === "fail"
      ? EXIT.fail
      : EXIT.inconclusive;
}

export function renderVerdict(v: TVerdict): string {
  const head = `verdict: ${v.status.toUpperCase()} — run ${v.runId}${v.benchmarkKey ? ` (${v.benchmarkKey})` : ""}`;
  const ref = v.reference
    ? `reference: run ${v.reference.runId}${v.reference.gitBranch ? ` on ${v.reference.gitBranch}` : ""}${v.reference.gitCommit ? ` @ ${v.reference.gitCommit.slice(0, 12)}` : ""}`
    : null;
  const mark = { pass: "✓", fail: "✗", inconclusive: "?" } as const;
  const checks = v.checks.map((c) => `  ${mark[c.status]} ${c.reason}`);
  return [head, ...(ref ? [ref] : []), ...checks].join("\n") + "\n";
}

export async function fetchVerdict(
  io: CliIo,
  target: ApiTarget,
  runId: string,
  referenceBranch?: string,
): Promise<TVerdict> {
  const query = referenceBranch ? `?referenceBranch=${encodeURIComponent(referenceBranch)}` : "";
  return callApi<TVerdict>(io, target, "GET", `/runs/${encodeURIComponent(runId)}/verdict${query}`);
}

export async function verdict(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(
    argv,
    { ...CONNECTION, "reference-branch": { type: "string" } },
    VERDICT_USAGE,
  );
  if (positionals.length !== 1) throw new CliError(EXIT.usage, VERDICT_USAGE);
  const v = await fetchVerdict(
    io,
    apiTarget(values, io),
    positionals[0]!,
    values["reference-branch"],
  );
  io.stdout(values.json ? `${JSON.stringify(v, null, 2)}\n` : renderVerdict(v));
  return exitCodeOf(v);
}
