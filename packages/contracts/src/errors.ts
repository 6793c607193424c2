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
