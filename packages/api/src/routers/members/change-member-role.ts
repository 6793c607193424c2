import { DomainError, ZId, ZRole } from "@meshbench/contracts";
import { z } from "zod";
import { auditActor, ownerProcedure } from "../../trpc";

export const changeMemberRole = ownerProcedure
  .input(z.object({ memberId: ZId, role: ZRole }))
  .output(z.object({ id: z.string(), role: ZRole }))
  .mutation(async ({ ctx, input }) => {
    const changed = await ctx.services.members.changeRole(
      ctx.actor.workspaceId,
      input.memberId,
      input.role,
      auditActor(ctx.actor),
    );
    if (!changed) throw new DomainError("NOT_FOUND", "Member not found", "memberId");
    return changed;
  });
