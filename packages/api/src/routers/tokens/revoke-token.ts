import { DomainError, ZId } from "@meshbench/contracts";
import { z } from "zod";
import { adminProcedure, auditActor } from "../../trpc";

export const revokeToken = adminProcedure
  .input(z.object({ tokenId: ZId }))
  .output(z.object({ id: z.string() }))
  .mutation(async ({ ctx, input }) => {
    const revoked = await ctx.services.tokens.revoke(
      ctx.actor.workspaceId,
      input.tokenId,
      auditActor(ctx.actor),
    );
    if (!revoked)
      throw new DomainError("NOT_FOUND", "Token not found (or already revoked)", "tokenId");
    return revoked;
  });
