import { isRunActive, type TRunResults } from "@meshbench/contracts";
import { callApi, type ApiTarget } from "../api-client";
import { CliError, EXIT, type CliIo } from "../io";

function bar(run: TRunResults): string {
  const width = 30;
  const filled = run.trialsTotal > 0 ? Math.round((run.trialsDone / run.trialsTotal) * width) : 0;
  return `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${run.trialsDone}/${run.trialsTotal} trials ${run.status}`;
}

/**
 * Polls `GET /runs/{runId}` with a progress bar on stderr until the run ended; a run that did not
 * succeed (or outlived the timeout) is exit 3 with its reason. On a terminal the bar redraws in
 * place; in a CI log (no TTY) a line is written only when it changes, not once per poll.
 */
export async function waitForRun(
  io: CliIo,
  target: ApiTarget,
  runId: string,
  { timeoutMs, pollMs }: { timeoutMs: number; pollMs: number },
): Promise<TRunResults> {
  const deadline = Date.now() + timeoutMs;
  let current = await callApi<TRunResults>(io, target, "GET", `/runs/${runId}`);
  let shown = "";
  while (isRunActive(current.status)) {
    const line = bar(current);
    if (io.isTty) io.stderr(`\r${line}`);
    else if (line !== shown) io.stderr(`${line}\n`);
    shown = line;
    if (Date.now() > deadline)
      throw new CliError(
        EXIT.error,
        `run ${runId} still ${current.status} after ${timeoutMs / 1e3} s`,
      );
    await io.sleep(pollMs);
    current = await callApi<TRunResults>(io, target, "GET", `/runs/${runId}`);
  }
  io.stderr(`${io.isTty ? "\r" : ""}${bar(current)}\n`);
  if (current.status !== "succeeded")
    throw new CliError(
      EXIT.error,
      `run ${runId} ${current.status}${current.error ? `: ${current.error}` : ""}`,
    );
  return current;
}
