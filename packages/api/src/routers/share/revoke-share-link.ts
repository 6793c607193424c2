import { ZShareId } from "@meshbench/contracts";
import { z } from "zod";
import { memberProcedure } from "../../trpc";

export const revokeShareLink = memberProcedure
  .input(z.object({ id: ZShareId }))
  .output(z.object({ revoked: z.literal(true) }))
  .mutation(({ ctx, input }) => ctx.services.share.revoke(ctx.actor.workspaceId, input.id));
