import { z } from "zod";

/**
 * The one error type of the domain. Services throw it; the API maps each code once to a tRPC
 * code and HTTP status (packages/api error formatter). Messages are safe to show to users.
 */
export const DOMAIN_ERROR_CODES = [
  "NOT_FOUND",
  "BAD_REQUEST",
  "CONFLICT",
  "FORBIDDEN",
  "UNAUTHORIZED",
  "PRECONDITION_FAILED",
  "TOO_MANY_REQUESTS",
  "PAYLOAD_TOO_LARGE",
] as const;
export type TDomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

/** Marks every DomainError, whichever copy of this module created it. */
const DOMAIN_ERROR = Symbol.for("meshbench.DomainError");

export class DomainError extends Error {
  /**
   * `instanceof` by brand, not by class identity: Next bundles this module once per server layer
   * (route handlers, server components) while the services singleton is shared between them, so
   * an error thrown by one copy must still be recognised by the other's error mapping.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && DOMAIN_ERROR in value;
  }
  readonly [DOMAIN_ERROR] = true;
  override readonly name = "DomainError";
  constructor(
    readonly code: TDomainErrorCode,
    message: string,
    /** The offending input field, when there is one (e.g. "trials[2].result"). */
    readonly field?: string,
  ) {
    super(message);
  }
}

/** One input problem, named by its field path ("variants[0].annotations.bad key"). */
export const ZInputIssue = z.strictObject({ field: z.string(), message: z.string() });
export type TInputIssue = z.infer<typeof ZInputIssue>;

/**
 * The one body of every REST refusal (and of the transport's own refusals before any procedure
 * runs): a code, a message safe to show, the offending field, every input issue.
 */
export const ZRestError = z.strictObject({
  error: z.strictObject({
    code: z.string().meta({ examples: ["BAD_REQUEST"] }),
    message: z.string().meta({ description: "Safe to show; names the field for 400s" }),
    field: z.string().nullable().meta({ description: "The offending input field, if one" }),
    issues: z.array(ZInputIssue),
  }),
});
export type TRestError = z.infer<typeof ZRestError>;

export function restErrorBody(
  code: string,
  message: string,
  field: string | null = null,
  issues: TInputIssue[] = [],
): TRestError {
  return { error: { code, message, field, issues } };
}
