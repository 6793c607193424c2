import type { TInputIssue } from "@meshbench/contracts";

type RawIssue = {
  path?: readonly PropertyKey[];
  message?: string;
  code?: string;
  issues?: RawIssue[];
};

export const fieldOf = (path: readonly PropertyKey[] = []) =>
  path.reduce<string>(
    (acc, p) => (typeof p === "number" ? `${acc}[${p}]` : acc ? `${acc}.${String(p)}` : String(p)),
    "",
  );

/**
 * Zod issues as field + reason, for both transports. An invalid record key carries its real
 * reason one level down ("Invalid key in record" alone would not say what is wrong).
 */
export function inputIssues(issues: readonly RawIssue[] = []): TInputIssue[] {
  return issues.map((issue) => {
    const nested = issue.code === "invalid_key" ? issue.issues?.[0]?.message : undefined;
    return { field: fieldOf(issue.path), message: nested ?? issue.message ?? "invalid" };
  });
}

/** "field: reason; field: reason" — the message of a refused input. */
export const describeIssues = (issues: readonly TInputIssue[]) =>
  issues.map((i) => `${i.field || "body"}: ${i.message}`).join("; ");
