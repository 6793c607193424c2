import { ZApiToken, ZCreateApiTokenInput } from "@meshbench/contracts";
import { z } from "zod";
import { generateApiToken } from "../../auth/api-token";
import { adminProcedure, auditActor } from "../../trpc";

/** The token is in this response only; the database keeps its SHA-256. */
export const createToken = adminProcedure
  .input(ZCreateApiTokenInput)
  .output(ZApiToken.extend({ token: z.string() }))
  .mutation(async ({ ctx, input }) => {
    const { token, prefix, hash } = generateApiToken();
    const created = await ctx.services.tokens.create(
      ctx.actor.workspaceId,
      { name: input.name, scopes: input.scopes, prefix, hash, createdById: ctx.actor.userId },
      auditActor(ctx.actor),
    );
    return { ...created, token };
  });
