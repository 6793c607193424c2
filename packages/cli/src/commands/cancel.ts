import { apiTarget, callApi } from "../api-client";
import { parse } from "../args";
import { CliError, EXIT, type CliIo } from "../io";
import { CONNECTION } from "./verdict";

export const CANCEL_USAGE = "usage: meshbench cancel <runId> [--json] [--url u] [--token t]";

/** Cancels a queued or running run (runs.cancel over REST; needs the runs:trigger scope). */
export async function cancel(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(argv, CONNECTION, CANCEL_USAGE);
  if (positionals.length !== 1) throw new CliError(EXIT.usage, CANCEL_USAGE);
  const runId = positionals[0]!;
  const target = apiTarget(values, io);
  const out = await callApi<{ cancelled: boolean }>(
    io,
    target,
    "POST",
    `/runs/${encodeURIComponent(runId)}/cancel`,
    {},
  );
  io.stdout(
    values.json ? `${JSON.stringify({ runId, ...out }, null, 2)}\n` : `cancelled run ${runId}\n`,
  );
  return EXIT.ok;
}
