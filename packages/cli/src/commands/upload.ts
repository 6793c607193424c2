import type { TUploadResultsInput, TUploadResultsOutput } from "@meshbench/contracts";
import { randomUUID } from "node:crypto";
import { apiTarget, callApi } from "../api-client";
import {
  formatOf,
  GIT_OPTIONS,
  gitOf,
  labelsOf,
  optionalNumber,
  parse,
  requireString,
} from "../args";
import { CliError, EXIT, readInput, type CliIo } from "../io";
import { resultDocuments } from "./locust-files";
import { CONNECTION, exitCodeOf, fetchVerdict, renderVerdict } from "./verdict";

/** Files: Fortio/Nighthawk/SMP JSON, wrk text, Locust PREFIX_stats.csv (its _stats_history.csv is paired by prefix). */
export const UPLOAD_USAGE =
  "usage: meshbench upload <files...> --benchmark key [--variant v] [--format f] [--qps n] [--connections n] [--repetition n]\n" +
  "       [--git-repo r] [--git-commit c] [--git-branch b] [--git-pr n] [--mesh name] [--mesh-version v] [--label k=v]...\n" +
  "       [--title t] [--idempotency-key k] [--verdict] [--json] [--url u] [--token t]\n" +
  "       [--access-log result.json=access.json]...  (Fortio's JSON access log of that result: throughput over time)\n" +
  "       Locust: PREFIX_stats.csv (PREFIX_stats_history.csv is paired by prefix); the Aggregated row is\n" +
  '       the trial unless --locust-endpoint "GET /path" picks one endpoint\'s row';

const OPTIONS = {
  ...CONNECTION,
  benchmark: { type: "string" },
  variant: { type: "string" },
  format: { type: "string" },
  qps: { type: "string" },
  connections: { type: "string" },
  repetition: { type: "string" },
  ...GIT_OPTIONS,
  mesh: { type: "string" },
  "mesh-version": { type: "string" },
  label: { type: "string", multiple: true },
  title: { type: "string" },
  "idempotency-key": { type: "string" },
  verdict: { type: "boolean" },
  "locust-endpoint": { type: "string" },
  "access-log": { type: "string", multiple: true },
} as const;

/** `--access-log result=log` pairs, each result one of the files uploaded. */
function accessLogPairs(pairs: string[] | undefined, files: readonly string[]) {
  const out = new Map<string, string>();
  for (const pair of pairs ?? []) {
    const [result, log] = pair.split("=", 2);
    if (!result || !log || !files.includes(result))
      throw new CliError(
        EXIT.usage,
        `--access-log ${pair}: expected <result file>=<access log file>, the result among the files uploaded`,
      );
    out.set(result, log);
  }
  return out;
}

/** Builds the request body from the flags and files; exported for the argument-handling tests. */
export async function uploadBody(
  argv: string[],
  io: CliIo,
): Promise<{
  body: TUploadResultsInput;
  values: ReturnType<typeof parse<typeof OPTIONS>>["values"];
}> {
  const { values, positionals } = parse(argv, OPTIONS, UPLOAD_USAGE);
  if (positionals.length === 0) throw new CliError(EXIT.usage, `no result files\n${UPLOAD_USAGE}`);
  const benchmark = requireString(values.benchmark, "--benchmark", UPLOAD_USAGE);
  const format = formatOf(values.format);
  const qps = optionalNumber(values.qps, "--qps");
  const connections = optionalNumber(values.connections, "--connections", { integer: true });
  const repetition = optionalNumber(values.repetition, "--repetition", { integer: true });
  if (values["mesh-version"] && !values.mesh)
    throw new CliError(EXIT.usage, "--mesh-version needs --mesh");
  const documents = await resultDocuments(io, positionals, {
    ...(values["locust-endpoint"] === undefined
      ? {}
      : { locustEndpoint: values["locust-endpoint"] }),
  });
  if (documents.length === 0) throw new CliError(EXIT.usage, `no result files\n${UPLOAD_USAGE}`);
  if (repetition !== undefined && documents.length > 1)
    throw new CliError(
      EXIT.usage,
      "--repetition needs exactly one result (repetitions of several files count up)",
    );
  const logs = accessLogPairs(values["access-log"], positionals);
  const trials = [];
  for (const { file, text } of documents) {
    const log = logs.get(file);
    trials.push({
      result: text,
      ...(log ? { accessLog: await readInput(io, log) } : {}),
      ...(format ? { format } : {}),
      ...(qps ? { requestedQps: qps } : {}),
      ...(connections ? { connections } : {}),
      ...(repetition ? { repetition } : {}),
    });
  }
  const body: TUploadResultsInput = {
    benchmark,
    ...(values.variant ? { variant: values.variant } : {}),
    ...(values.title ? { title: values.title } : {}),
    git: gitOf(values),
    ...(values.mesh
      ? {
          mesh: {
            name: values.mesh,
            ...(values["mesh-version"] ? { version: values["mesh-version"] } : {}),
          },
        }
      : {}),
    labels: labelsOf(values.label),
    trials,
  };
  return { body, values };
}

export async function upload(argv: string[], io: CliIo): Promise<number> {
  const { body, values } = await uploadBody(argv, io);
  const target = apiTarget(values, io);
  // One key per invocation: the client's own retries of this request can never store it twice.
  const key = values["idempotency-key"] ?? randomUUID();
  const out = await callApi<TUploadResultsOutput>(io, target, "POST", "/results", body, {
    "idempotency-key": key,
  });
  if (!values.verdict) {
    if (values.json) io.stdout(`${JSON.stringify(out, null, 2)}\n`);
    else {
      const flagged = out.trials.filter((t) => t.validityFlags.length > 0).length;
      io.stdout(
        `uploaded run ${out.runId} (${out.benchmarkKey}): ${out.trials.length} trial(s)${flagged ? `, ${flagged} with validity flags` : ""}\n${target.url}/runs/${out.runId}\n`,
      );
    }
    return EXIT.ok;
  }
  const v = await fetchVerdict(io, target, out.runId);
  io.stdout(
    values.json
      ? `${JSON.stringify({ upload: out, verdict: v }, null, 2)}\n`
      : `uploaded run ${out.runId}\n${renderVerdict(v)}`,
  );
  return exitCodeOf(v);
}
