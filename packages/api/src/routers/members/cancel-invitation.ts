import { DomainError, ZId } from "@meshbench/contracts";
import { z } from "zod";
import { auditActor, ownerProcedure } from "../../trpc";

export const cancelInvitation = ownerProcedure
  .input(z.object({ invitationId: ZId }))
  .output(z.object({ id: z.string() }))
  .mutation(async ({ ctx, input }) => {
    const canceled = await ctx.services.members.cancelInvitation(
      ctx.actor.workspaceId,
      input.invitationId,
      auditActor(ctx.actor),
    );
    if (!canceled) throw new DomainError("NOT_FOUND", "Invitation not found", "invitationId");
    return canceled;
  });
