import { DomainError, type TDomainErrorCode } from "@meshbench/contracts";
import { TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";

const trpcCodes: Record<TDomainErrorCode, TRPC_ERROR_CODE_KEY> = {
  NOT_FOUND: "NOT_FOUND",
  BAD_REQUEST: "BAD_REQUEST",
  CONFLICT: "CONFLICT",
  FORBIDDEN: "FORBIDDEN",
  UNAUTHORIZED: "UNAUTHORIZED",
  PRECONDITION_FAILED: "PRECONDITION_FAILED",
  TOO_MANY_REQUESTS: "TOO_MANY_REQUESTS",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
};

/** The one place a domain error becomes a transport error. */
export function toTRPCError(error: unknown): unknown {
  if (error instanceof DomainError) {
    return new TRPCError({ code: trpcCodes[error.code], message: error.message, cause: error });
  }
  return error;
}

/** The cause of a 429: how long until the caller's window reopens (sent as Retry-After). */
export class RetryLater extends Error {
  override readonly name = "RetryLater";
  constructor(readonly retryAfterSeconds: number) {
    super(`retry in ${retryAfterSeconds} s`);
  }
}

/** Retry-After for a response whose errors include a rate-limit refusal. */
export function retryAfterHeader(errors: readonly { cause?: unknown }[]): Record<string, string> {
  const limited = errors.find((e) => e.cause instanceof RetryLater)?.cause as
    RetryLater | undefined;
  return limited ? { "retry-after": String(limited.retryAfterSeconds) } : {};
}
