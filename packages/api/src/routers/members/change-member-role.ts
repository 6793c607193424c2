import { ZId, ZRole } from "@meshbench/contracts";
import { z } from "zod";
import { auditActor, ownerProcedure } from "../../trpc";

export const changeMemberRole = ownerProcedure
  .input(z.object({ memberId: ZId, role: ZRole }))
  .output(z.object({ id: z.string(), role: ZRole }))
  .mutation(({ ctx, input }) =>
    ctx.services.members.changeRole(
      ctx.actor.workspaceId,
      input.memberId,
      input.role,
      auditActor(ctx.actor),
    ),
  );
