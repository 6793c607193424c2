import { ZId } from "@meshbench/contracts";
import { z } from "zod";
import { auditActor, ownerProcedure } from "../../trpc";

export const cancelInvitation = ownerProcedure
  .input(z.object({ invitationId: ZId }))
  .output(z.object({ id: z.string() }))
  .mutation(({ ctx, input }) =>
    ctx.services.members.cancelInvitation(
      ctx.actor.workspaceId,
      input.invitationId,
      auditActor(ctx.actor),
    ),
  );
