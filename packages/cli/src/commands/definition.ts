import type { TDefinitionChange, TRunDefinition } from "@meshbench/contracts";
import { apiTarget, callApi } from "../api-client";
import { parse } from "../args";
import { CliError, EXIT, type CliIo } from "../io";
import { CONNECTION } from "./verdict";

export const DEFINITION_USAGE =
  "usage: meshbench definition <runId> [--json] [--url u] [--token t]   (the definition a run was created with, and its diff against today)";

const show = (value: unknown) => (value === undefined ? "(absent)" : JSON.stringify(value));
const change = (c: TDefinitionChange) => `  ${c.path}: ${show(c.before)} → ${show(c.after)}`;

/** The run page's "Definition as run": where it came from, the diff, then the snapshot's JSON. */
function describe(d: TRunDefinition): string {
  if (!d.snapshot) return `run ${d.runId} has no definition (its results were uploaded)\n`;
  const b = d.benchmark;
  const today = b ? `benchmark ${b.key} (${b.name})${b.archived ? ", archived" : ""}` : null;
  const lines = [
    `definition of run ${d.runId} (${d.source === "reconstructed" ? "reconstructed: older than snapshots" : "snapshot"})`,
    !today
      ? "no benchmark to compare with today"
      : d.changes.length === 0
        ? `${today}: unchanged since the run`
        : `${today} differs today at ${d.changes.length} path(s):`,
    ...(today ? d.changes.map(change) : []),
    `images: ${d.snapshot.images.length ? d.snapshot.images.join(", ") : "none"}`,
    ...Object.entries(d.snapshot.manifestDigests).map(
      ([at, digest]) => `manifest ${at}: sha256 ${digest}`,
    ),
    "definition as run:",
    JSON.stringify(d.snapshot.definition, null, 2),
  ];
  return `${lines.join("\n")}\n`;
}

/** `definition <runId>`: GET /runs/{runId}/definition (read). */
export async function definition(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(argv, CONNECTION, DEFINITION_USAGE);
  if (positionals.length !== 1) throw new CliError(EXIT.usage, DEFINITION_USAGE);
  const runId = positionals[0]!;
  const answer = await callApi<TRunDefinition>(
    io,
    apiTarget(values, io),
    "GET",
    `/runs/${encodeURIComponent(runId)}/definition`,
  );
  io.stdout(values.json ? `${JSON.stringify(answer, null, 2)}\n` : describe(answer));
  return EXIT.ok;
}
