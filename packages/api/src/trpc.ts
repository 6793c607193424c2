import { DomainError } from "@meshbench/contracts";
import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { z, ZodError } from "zod";
import type { Actor, Context, Role } from "./context";
import { toTRPCError } from "./errors";

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    return {
      ...shape,
      data: {
        ...shape.data,
        // BAD_REQUEST names the field and the reason; nothing else leaks (no stack in prod).
        field: cause instanceof DomainError ? (cause.field ?? null) : null,
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

export const publicProcedure = t.procedure.use(domainErrors);

const rank: Record<Role, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };

/** One authorisation path: every tier is this middleware with a minimum role. */
function requireRole(minimum: Role) {
  return t.middleware(({ ctx, next }) => {
    if (!ctx.actor) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in required" });
    if (rank[ctx.actor.role] < rank[minimum]) {
      throw new TRPCError({ code: "FORBIDDEN", message: `Requires the ${minimum} role` });
    }
    return next({ ctx: { ...ctx, actor: ctx.actor satisfies Actor } });
  });
}

export const viewerProcedure = publicProcedure.use(requireRole("viewer"));
export const memberProcedure = publicProcedure.use(requireRole("member"));
export const adminProcedure = publicProcedure.use(requireRole("admin"));
export const ownerProcedure = publicProcedure.use(requireRole("owner"));
