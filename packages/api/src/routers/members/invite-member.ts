import { ZInvitation, ZInviteMemberInput } from "@meshbench/contracts";
import { auditActor, ownerProcedure } from "../../trpc";

/** Owners invite by email; the link (also mailed) works for the invited address only. */
export const inviteMember = ownerProcedure
  .input(ZInviteMemberInput)
  .output(ZInvitation)
  .mutation(({ ctx, input }) =>
    ctx.services.members.invite(
      ctx.actor.workspaceId,
      ctx.actor.userId,
      input,
      auditActor(ctx.actor),
    ),
  );
