import type { TRunReport, TVerdict, TVerdictRecord } from "@meshbench/contracts";
import { apiTarget, callApi, type ApiTarget } from "../api-client";
import { parse } from "../args";
import { CliError, EXIT, type CliIo } from "../io";
import { verdictMarkdown } from "./verdict-markdown";
import { fetchVerdictRecords, recomputeVerdict, renderRecords } from "./verdict-records";

export const VERDICT_USAGE =
  "usage: meshbench verdict <run-id> [--recompute] [--reference-branch b] [--format text|markdown|json] [--json] [--url u] [--token t]\n" +
  "       meshbench verdict <run-id> --records [--json] [--url u] [--token t]\n" +
  "       (--recompute judges again by today's budgets and needs the results:write scope; --records lists every stored judgement)";
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

/**
 * The verdict as a PR comment (verdict-markdown.ts): the verdict, and the run report for its
 * deltas, intervals and noise band.
 */
export async function markdownVerdict(
  io: CliIo,
  target: ApiTarget,
  runId: string,
  options: { referenceBranch?: string; marker?: string; verdict?: TVerdict } = {},
) {
  const v = options.verdict ?? (await fetchVerdict(io, target, runId, options.referenceBranch));
  const run = `/runs/${encodeURIComponent(runId)}`;
  const report = await callApi<TRunReport>(io, target, "GET", `${run}/report`);
  return {
    verdict: v,
    markdown: verdictMarkdown(v, report, `${target.url}${run}`, options.marker),
  };
}

const FORMATS = ["text", "markdown", "json"] as const;

/**
 * `verdict <runId>`: the stored verdict (GET /runs/{runId}/verdict); `--recompute` judges again by
 * today's budgets first (same output and exit codes); `--records` lists every stored judgement.
 */
export async function verdict(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(
    argv,
    {
      ...CONNECTION,
      "reference-branch": { type: "string" },
      format: { type: "string" },
      recompute: { type: "boolean" },
      records: { type: "boolean" },
    },
    VERDICT_USAGE,
  );
  if (positionals.length !== 1) throw new CliError(EXIT.usage, VERDICT_USAGE);
  const runId = positionals[0]!;
  const referenceBranch = values["reference-branch"];
  if (values.records) {
    const clash = values.recompute
      ? "--recompute"
      : referenceBranch !== undefined
        ? "--reference-branch"
        : values.format !== undefined
          ? "--format"
          : null;
    if (clash) throw new CliError(EXIT.usage, `--records takes no ${clash}\n${VERDICT_USAGE}`);
    const records = await fetchVerdictRecords(io, apiTarget(values, io), runId);
    io.stdout(
      values.json ? `${JSON.stringify(records, null, 2)}\n` : renderRecords(runId, records),
    );
    return EXIT.ok;
  }
  const format = values.json ? "json" : (values.format ?? "text");
  if (!(FORMATS as readonly string[]).includes(format))
    throw new CliError(EXIT.usage, `--format must be one of ${FORMATS.join(", ")}`);
  const target = apiTarget(values, io);
  const recomputed: TVerdictRecord | undefined = values.recompute
    ? await recomputeVerdict(io, target, runId, referenceBranch)
    : undefined;
  if (format === "markdown") {
    const { verdict: v, markdown } = await markdownVerdict(io, target, runId, {
      referenceBranch,
      verdict: recomputed,
    });
    io.stdout(markdown);
    return exitCodeOf(v);
  }
  const v = recomputed ?? (await fetchVerdict(io, target, runId, referenceBranch));
  const judged = recomputed ? `judged again at ${recomputed.judgedAt}\n` : "";
  io.stdout(format === "json" ? `${JSON.stringify(v, null, 2)}\n` : `${judged}${renderVerdict(v)}`);
  return exitCodeOf(v);
}
