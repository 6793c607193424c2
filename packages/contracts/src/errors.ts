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

export class DomainError extends Error {
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
