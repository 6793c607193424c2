import {
  DomainError,
  roleAtLeast,
  TOKEN_SCOPE_TIER,
  type TRole,
  type TTokenScope,
} from "@meshbench/contracts";
import { rateLimitSubject, type RateLimitBucket } from "@meshbench/services";
import { initTRPC, TRPCError } from "@trpc/server";
import { wireTransformer } from "./wire/transformer";
import type { OpenApiMeta } from "trpc-to-openapi";
import { z, ZodError } from "zod";
import type { Actor, Context } from "./context";
import { RetryLater, toTRPCError } from "./errors";
import { describeIssues, inputIssues } from "./http/input-issues";
import { nulBytePath } from "./http/nul-bytes";

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    transformer: wireTransformer,
    errorFormatter({ shape, error }) {
      const cause = error.cause;
      // Unexpected errors are logged by the route; clients learn only that one happened.
      const internal = error.code === "INTERNAL_SERVER_ERROR";
      const issues = cause instanceof ZodError ? inputIssues(cause.issues) : [];
      return {
        ...shape,
        message: internal
          ? "Internal server error"
          : issues.length > 0
            ? describeIssues(issues)
            : shape.message,
        data: {
          ...shape.data,
          stack: undefined,
          issues,
          retryAfterSeconds: cause instanceof RetryLater ? cause.retryAfterSeconds : undefined,
          // BAD_REQUEST names the field and the reason; nothing else leaks (no stack in prod).
          field: cause instanceof DomainError ? (cause.field ?? null) : (issues[0]?.field ?? null),
          zodError: cause instanceof ZodError ? z.flattenError(cause) : null,
        },
      };
    },
  });

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const mapped = toTRPCError(result.error.cause);
    if (mapped instanceof TRPCError) throw mapped;
  }
  return result;
});

const postgresSafeInput = t.middleware(async ({ getRawInput, next }) => {
  const field = nulBytePath(await getRawInput());
  if (field !== null)
    throw new DomainError("BAD_REQUEST", `${field}: must not contain NUL characters`, field);
  return next();
});

export const publicProcedure = t.procedure.use(domainErrors).use(postgresSafeInput);

/**
 * Whether an API token may call a procedure of this tier. Viewer tiers need `read`; member and
 * admin tiers only when the procedure names a scope the token holds (requireScope), so a
 * `runs:trigger` token cannot, say, edit benchmarks, and a `clusters:write` token reaches
 * `clusters.register`/`clusters.updateCredentials` and no other admin procedure. Owner tiers
 * name no scope: tokens never reach them.
 */
function tokenAllows(actor: Actor, minimum: TRole, scope: TTokenScope | null): boolean {
  const scopes = actor.scopes ?? [];
  if (scope !== null && scopes.includes(scope)) return true;
  return minimum === "viewer" && scopes.includes("read");
}

/** One authorisation path: every tier is this middleware with a minimum role (and maybe a scope). */
function requireRole(minimum: TRole, scope: TTokenScope | null = null) {
  return t.middleware(({ ctx, next }) => {
    const actor = ctx.actor;
    if (!actor) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in required" });
    if (actor.via === "token" && !tokenAllows(actor, minimum, scope)) {
      const needs = scope ?? (minimum === "viewer" ? "read" : null);
      throw new TRPCError({
        code: "FORBIDDEN",
        message: needs
          ? `This API token lacks the ${needs} scope`
          : "API tokens cannot call this procedure",
      });
    }
    if (!roleAtLeast(actor.role, minimum)) {
      throw new TRPCError({ code: "FORBIDDEN", message: `Requires the ${minimum} role` });
    }
    return next({ ctx: { ...ctx, actor: actor satisfies Actor } });
  });
}

export const viewerProcedure = publicProcedure.use(requireRole("viewer"));
export const memberProcedure = publicProcedure.use(requireRole("member"));
export const adminProcedure = publicProcedure.use(requireRole("admin"));
export const ownerProcedure = publicProcedure.use(requireRole("owner"));

/**
 * A procedure of the scope's tier (TOKEN_SCOPE_TIER) that API tokens holding `scope` may also
 * call, e.g. `export const uploadResults = requireScope("results:write").input(...)...`. Session
 * callers need that tier's role as usual (member; admin for `clusters:write`).
 */
export function requireScope(scope: TTokenScope) {
  return publicProcedure.use(requireRole(TOKEN_SCOPE_TIER[scope], scope));
}

/**
 * Spends one point of a rate-limit bucket per call, keyed by token or user and workspace; chain
 * after a tier: `requireScope("results:write").use(rateLimited("upload"))`.
 */
export function rateLimited(bucket: RateLimitBucket) {
  return t.middleware(async ({ ctx, next }) => {
    const actor = ctx.actor;
    const key = actor ? rateLimitSubject(actor) : "anonymous";
    const decision = await ctx.services.rateLimits.consume(bucket, key);
    if (!decision.allowed) {
      throw new TRPCError({
        code: "TOO_MANY_REQUESTS",
        message: `Rate limit exceeded; retry in ${decision.retryAfterSeconds} s`,
        cause: new RetryLater(decision.retryAfterSeconds),
      });
    }
    return next();
  });
}

/** The audit-log actor fields for the caller. */
export function auditActor(actor: Actor) {
  return { actorUserId: actor.userId, actorTokenId: actor.tokenId ?? null };
}
