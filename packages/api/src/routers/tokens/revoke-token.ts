import { ZId } from "@meshbench/contracts";
import { z } from "zod";
import { adminProcedure, auditActor } from "../../trpc";

export const revokeToken = adminProcedure
  .input(z.object({ tokenId: ZId }))
  .output(z.object({ id: z.string() }))
  .mutation(({ ctx, input }) =>
    ctx.services.tokens.revoke(ctx.actor.workspaceId, input.tokenId, auditActor(ctx.actor)),
  );
