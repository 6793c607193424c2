import { ZId } from "@meshbench/contracts";
import { z } from "zod";
import { auditActor, ownerProcedure } from "../../trpc";

export const removeMember = ownerProcedure
  .input(z.object({ memberId: ZId }))
  .output(z.object({ id: z.string() }))
  .mutation(({ ctx, input }) =>
    ctx.services.members.remove(ctx.actor.workspaceId, input.memberId, auditActor(ctx.actor)),
  );
