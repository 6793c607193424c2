/**
 * Fortio's REST API (fortio.org/fortio/rapi: `/fortio/rest/run`, `/status`, `/stop`) answers with
 * small JSON objects. This is their one description: the k8s adapter reads them to drive a load
 * generator, and the importer recognises one uploaded by mistake instead of a result. Read
 * leniently, as the adapter always has: the answering image is a tenant's, and what it says only
 * ever becomes a number, a label or "not running" (never quoted back).
 */

/** A run as the REST API names it: its RunID, and the ResultID its saved JSON is named by. */
export type FortioRestRun = { runId: number; resultId: string };

/** One entry of `Statuses` (RunnerOptions is null while the run is pending). */
type StatusEntry = {
  RunID: number;
  State: number;
  RunnerOptions: { Labels?: string; ID?: string } | null;
};
type StatusReply = { Statuses?: Record<string, StatusEntry> | null };

/** `/rest/status`: the runs in progress by their label (runs without a label are left out). */
export function fortioRunsByLabel(reply: unknown): Map<string, FortioRestRun> {
  const { Statuses } = reply as StatusReply;
  const out = new Map<string, FortioRestRun>();
  for (const s of Object.values(Statuses ?? {})) {
    const o = s.RunnerOptions;
    if (o?.Labels && o.ID) out.set(o.Labels, { runId: s.RunID, resultId: o.ID });
  }
  return out;
}

/** `/rest/status?runid=N`: whether any run is still listed (the run has not ended). */
export function fortioListsARun(reply: unknown): boolean {
  const { Statuses } = reply as StatusReply;
  return Object.keys(Statuses ?? {}).length > 0;
}

/** `/rest/run?async=on`: the run just started. */
export function fortioStartedRun(reply: unknown): FortioRestRun {
  const r = reply as { RunID: number; ResultID: string };
  return { runId: r.RunID, resultId: r.ResultID };
}

/** A synchronous run's result: how many calls answered OK (TCP's return code) or 2xx (HTTP). */
export function fortioOkCalls(result: unknown): number {
  const codes = (result as { RetCodes?: Record<string, number> }).RetCodes ?? {};
  return Object.entries(codes)
    .filter(([code]) => code === "OK" || /^2\d\d$/.test(code))
    .reduce((sum, [, n]) => sum + n, 0);
}

/** A REST reply that is not a result: an error, a status list, or a run started or stopped. */
export type FortioRestReply =
  | { kind: "error"; details: unknown[] }
  | { kind: "status" }
  | { kind: "run"; message: string; runId: unknown; resultUrl: string | null };

/**
 * What a parsed JSON object is when it is a REST reply rather than a result: `{"error":true,
 * "message":...}`, `{"Statuses":{...}}`, or `{"message":"started"|"stopped","RunID":..,
 * "ResultURL":..}`. A synchronous run's body is a real result (it has DurationHistogram): null.
 */
export function fortioRestReply(doc: Record<string, unknown>): FortioRestReply | null {
  if (doc["DurationHistogram"] !== undefined) return null;
  if (typeof doc["error"] === "boolean" || doc["exception"] !== undefined)
    return {
      kind: "error",
      details: [doc["message"], doc["exception"]].filter((v) => v !== undefined),
    };
  if (doc["Statuses"] !== undefined) return { kind: "status" };
  if (
    typeof doc["message"] === "string" &&
    (doc["RunID"] !== undefined || doc["ResultID"] !== undefined)
  )
    return {
      kind: "run",
      message: doc["message"],
      runId: doc["RunID"],
      resultUrl: typeof doc["ResultURL"] === "string" ? doc["ResultURL"] : null,
    };
  return null;
}

/** Any key only a REST reply has (loosely: to pick the importer that explains it). */
export function mayBeFortioRestReply(doc: Record<string, unknown>): boolean {
  return doc["error"] !== undefined || doc["Statuses"] !== undefined || doc["RunID"] !== undefined;
}
