import { DomainError, ZId } from "@meshbench/contracts";
import { z } from "zod";
import { auditActor, ownerProcedure } from "../../trpc";

export const removeMember = ownerProcedure
  .input(z.object({ memberId: ZId }))
  .output(z.object({ id: z.string() }))
  .mutation(async ({ ctx, input }) => {
    const removed = await ctx.services.members.remove(
      ctx.actor.workspaceId,
      input.memberId,
      auditActor(ctx.actor),
    );
    if (!removed) throw new DomainError("NOT_FOUND", "Member not found", "memberId");
    return removed;
  });
