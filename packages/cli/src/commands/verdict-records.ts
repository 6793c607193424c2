import type { TVerdictRecord } from "@meshbench/contracts";
import { callApi, type ApiTarget } from "../api-client";
import type { CliIo } from "../io";

const runPath = (runId: string) => `/runs/${encodeURIComponent(runId)}`;

/**
 * Judges the run again by today's budgets (POST /runs/{runId}/verdict/recompute, results:write):
 * a new stored record, which becomes the run's verdict; the old ones stay.
 */
export function recomputeVerdict(
  io: CliIo,
  target: ApiTarget,
  runId: string,
  referenceBranch?: string,
): Promise<TVerdictRecord> {
  return callApi<TVerdictRecord>(
    io,
    target,
    "POST",
    `${runPath(runId)}/verdict/recompute`,
    referenceBranch ? { referenceBranch } : {},
  );
}

/** Every stored judgement of a run, newest first (GET /runs/{runId}/verdicts, read). */
export function fetchVerdictRecords(
  io: CliIo,
  target: ApiTarget,
  runId: string,
): Promise<TVerdictRecord[]> {
  return callApi<TVerdictRecord[]>(io, target, "GET", `${runPath(runId)}/verdicts`);
}

/** One line per record: when, the outcome, what it was judged against. */
export function renderRecords(runId: string, records: TVerdictRecord[]): string {
  if (records.length === 0) return `no stored verdicts for run ${runId}\n`;
  const lines = records.map((r) => {
    const ref = r.reference
      ? `reference run ${r.reference.runId}${r.reference.gitBranch ? ` on ${r.reference.gitBranch}` : ""}`
      : "no reference run";
    const branch = r.referenceBranch ? `, asked for branch ${r.referenceBranch}` : "";
    const rules = `${r.budgets.rules.length} budget rule(s)`;
    return `  ${r.judgedAt}  ${r.status.toUpperCase().padEnd(12)}  record ${r.id ?? "(not stored)"}: ${ref}${branch}, ${rules}`;
  });
  return `${records.length} verdict record(s) of run ${runId}, newest first:\n${lines.join("\n")}\n`;
}
