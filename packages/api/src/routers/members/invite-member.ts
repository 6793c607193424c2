import { DomainError, ZInvitation, ZInviteMemberInput } from "@meshbench/contracts";
import { auditActor, ownerProcedure } from "../../trpc";

const INVITATION_DAYS = 7;

/** Owners invite by email; the link (also mailed) works for the invited address only. */
export const inviteMember = ownerProcedure
  .input(ZInviteMemberInput)
  .output(ZInvitation)
  .mutation(async ({ ctx, input }) => {
    const { workspaceId, userId } = ctx.actor;
    if (!userId) throw new DomainError("FORBIDDEN", "Only a signed-in owner can invite");
    const invitation = await ctx.services.members.invite(
      workspaceId,
      {
        email: input.email,
        role: input.role,
        inviterId: userId,
        expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 3600 * 1000),
      },
      auditActor(ctx.actor),
    );
    const link = new URL(`/invite/${invitation.id}`, ctx.services.appUrl).toString();
    await ctx.services.mailer.send({
      to: invitation.email,
      subject: "You are invited to a Meshbench workspace",
      text: `You were invited as ${invitation.role}. Sign in or sign up with ${invitation.email}, then open:\n${link}`,
    });
    return { ...invitation, link };
  });
