import { DomainError, ZShareId } from "@meshbench/contracts";
import { z } from "zod";
import { memberProcedure } from "../../trpc";

export const revokeShareLink = memberProcedure
  .input(z.object({ id: ZShareId }))
  .output(z.object({ revoked: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    if (!(await ctx.services.shareLinks.revoke(ctx.actor.workspaceId, input.id))) {
      throw new DomainError("NOT_FOUND", "Share link not found", "id");
    }
    return { revoked: true as const };
  });
