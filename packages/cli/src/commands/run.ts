import type { TStartRunInputRaw, TStartRunOutput } from "@meshbench/contracts";
import { apiTarget, callApi } from "../api-client";
import { GIT_OPTIONS, gitOf, labelsOf, optionalNumber, parse, requireString } from "../args";
import { CliError, EXIT, type CliIo } from "../io";
import { CONNECTION, exitCodeOf, fetchVerdict, renderVerdict } from "./verdict";
import { waitForRun } from "./wait-run";

export const RUN_USAGE =
  "usage: meshbench run <benchmark> --cluster name [--wait] [--timeout seconds] [--poll-ms n] [--json] [--url u] [--token t]\n" +
  "       [--title t] [--git-repo r] [--git-commit c] [--git-branch b] [--git-pr n] [--label k=v]...";

/** Triggers a run of a saved benchmark (runs.start over REST); --wait polls it, then judges it. */
export async function run(argv: string[], io: CliIo): Promise<number> {
  const opts = {
    ...CONNECTION,
    cluster: { type: "string" },
    wait: { type: "boolean" },
    timeout: { type: "string" },
    "poll-ms": { type: "string" },
    title: { type: "string" },
    label: { type: "string", multiple: true },
    ...GIT_OPTIONS,
  } as const;
  const { values, positionals } = parse(argv, opts, RUN_USAGE);
  if (positionals.length !== 1) throw new CliError(EXIT.usage, RUN_USAGE);
  const cluster = requireString(values.cluster, "--cluster", RUN_USAGE);
  const timeoutMs = (optionalNumber(values.timeout, "--timeout") ?? 3600) * 1e3;
  const pollMs = optionalNumber(values["poll-ms"], "--poll-ms", { integer: true }) ?? 2000;
  const target = apiTarget(values, io);
  // Stored on the run like an upload's git info, so verdicts can reference it by branch.
  const body: TStartRunInputRaw = {
    benchmarkKey: positionals[0],
    clusterName: cluster,
    ...(values.title ? { title: values.title } : {}),
    git: gitOf(values),
    labels: labelsOf(values.label),
  };
  const { runId } = await callApi<TStartRunOutput>(io, target, "POST", "/runs", body);
  if (!runId) throw new CliError(EXIT.error, "the server did not return a run id");
  if (!values.wait) {
    io.stdout(
      values.json
        ? `${JSON.stringify({ runId }, null, 2)}\n`
        : `queued run ${runId}\n${target.url}/runs/${runId}\n`,
    );
    return EXIT.ok;
  }
  const current = await waitForRun(io, target, runId, { timeoutMs, pollMs });
  const v = await fetchVerdict(io, target, runId);
  io.stdout(
    values.json ? `${JSON.stringify({ run: current, verdict: v }, null, 2)}\n` : renderVerdict(v),
  );
  return exitCodeOf(v);
}
