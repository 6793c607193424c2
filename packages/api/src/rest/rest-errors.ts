import { restErrorBody, type TRestError } from "@meshbench/contracts";
import { describeIssues, inputIssues } from "../http/input-issues";

type RawError = {
  message?: unknown;
  code?: unknown;
  issues?: Parameters<typeof inputIssues>[0];
  data?: { field?: unknown; retryAfterSeconds?: unknown };
};

/**
 * trpc-to-openapi's error body reshaped into the one documented form: the code, a safe
 * message, the offending field (from a DomainError or the first zod issue) and every issue.
 * No stack, no internals: 401/403 say only what is missing.
 */
export function toRestError(status: number, raw: unknown): TRestError {
  const r = (raw ?? {}) as RawError;
  const issues = inputIssues(r.issues);
  const field = typeof r.data?.field === "string" ? r.data.field : (issues[0]?.field ?? null);
  const code =
    typeof r.code === "string" ? r.code : status >= 500 ? "INTERNAL_SERVER_ERROR" : "BAD_REQUEST";
  const message =
    status >= 500
      ? "Internal server error"
      : issues.length > 0
        ? describeIssues(issues)
        : typeof r.message === "string"
          ? r.message
          : "Request failed";
  return restErrorBody(code, message, field, issues);
}

/** Headers an error answer carries besides its body: Retry-After on a rate-limit refusal. */
export function restErrorHeaders(raw: unknown): Record<string, string> {
  const retry = (raw as RawError | null)?.data?.retryAfterSeconds;
  return typeof retry === "number" ? { "retry-after": String(retry) } : {};
}
