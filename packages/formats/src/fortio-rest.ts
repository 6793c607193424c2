import { ImportError, ROOT } from "./errors";
import type { JsonObject } from "./json-reader";

/** Up to 120 characters of a server message, single line. */
function excerpt(v: unknown): string {
  const raw =
    typeof v === "string"
      ? v
      : typeof v === "number" || typeof v === "boolean"
        ? String(v)
        : (JSON.stringify(v) ?? "");
  const text = raw.replace(/\s+/g, " ").trim();
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/**
 * Fortio's REST API (/fortio/rest/run, /status, /stop) answers with small JSON objects that are
 * not results: `{"error":true,"message":...}`, `{"message":"started","RunID":..,"ResultURL":..}`
 * for async runs and stops, `{"Statuses":{...}}` while running. Importing one of those is a
 * common mistake, so say exactly what it is instead of "field missing". A synchronous run's body
 * is a real result (it has DurationHistogram) and passes through untouched.
 */
export function rejectRestReply(doc: JsonObject) {
  if (doc["DurationHistogram"] !== undefined) return;
  if (typeof doc["error"] === "boolean" || doc["exception"] !== undefined) {
    const detail = [doc["message"], doc["exception"]]
      .filter((v) => v !== undefined)
      .map(excerpt)
      .join(": ");
    throw new ImportError(
      ROOT,
      `not a result, this is a Fortio REST error reply${detail ? ` (${detail})` : ""}`,
    );
  }
  if (doc["Statuses"] !== undefined) {
    throw new ImportError(
      ROOT,
      "not a result, this is a Fortio REST status reply listing runs in progress; import the result once the run has finished",
    );
  }
  if (
    typeof doc["message"] === "string" &&
    (doc["RunID"] !== undefined || doc["ResultID"] !== undefined)
  ) {
    const where =
      typeof doc["ResultURL"] === "string"
        ? `; the result is at ${excerpt(doc["ResultURL"])} when the run ends`
        : "";
    throw new ImportError(
      ROOT,
      `not a result, this is a Fortio REST status reply ("${excerpt(doc["message"])}", run ${excerpt(doc["RunID"])})${where}`,
    );
  }
}
