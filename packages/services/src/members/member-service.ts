import {
  DomainError,
  type TInvitation,
  type TInviteMemberInput,
  type TMember,
  type TRole,
  type TWorkspaceOfUser,
} from "@meshbench/contracts";
import type { InvitationRecord, MembershipRepository } from "@meshbench/db";
import type { AuditActor } from "../audit/audit-service";
import type { Mailer } from "../mail/mailer";

const INVITATION_DAYS = 7;
const DAY_MS = 24 * 3600 * 1000;

export type MemberServiceDeps = {
  members: MembershipRepository;
  mailer: Mailer;
  /** Public base URL of the web app: invitation links point there. */
  appUrl: string;
};

/** Members and invitations of a workspace; owners manage them, every change audited. */
export function createMemberService({ members, mailer, appUrl }: MemberServiceDeps) {
  const withLink = (invitation: InvitationRecord): TInvitation => ({
    ...invitation,
    link: new URL(`/invite/${invitation.id}`, appUrl).toString(),
  });
  const found = <T>(value: T | null, message: string, field: string): T => {
    if (!value) throw new DomainError("NOT_FOUND", message, field);
    return value;
  };

  return {
    list: (workspaceId: string): Promise<TMember[]> => members.list(workspaceId),

    /** The workspaces a signed-in user belongs to, with their role in each. */
    workspacesOf: (userId: string): Promise<TWorkspaceOfUser[]> => members.workspacesOf(userId),

    /** Invites by email; the link (also mailed) works for the invited address only. */
    async invite(
      workspaceId: string,
      inviterUserId: string | null,
      input: TInviteMemberInput,
      actor: AuditActor,
    ): Promise<TInvitation> {
      if (!inviterUserId) throw new DomainError("FORBIDDEN", "Only a signed-in owner can invite");
      const invitation = withLink(
        await members.invite(
          workspaceId,
          {
            email: input.email,
            role: input.role,
            inviterId: inviterUserId,
            expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS),
          },
          actor,
        ),
      );
      await mailer.send({
        to: invitation.email,
        subject: "You are invited to a Meshbench workspace",
        text: `You were invited as ${invitation.role}. Sign in or sign up with ${invitation.email}, then open:\n${invitation.link}`,
      });
      return invitation;
    },

    async listInvitations(workspaceId: string): Promise<TInvitation[]> {
      return (await members.listInvitations(workspaceId)).map(withLink);
    },

    async changeRole(workspaceId: string, memberId: string, role: TRole, actor: AuditActor) {
      const changed = await members.changeRole(workspaceId, memberId, role, actor);
      return found(changed, "Member not found", "memberId");
    },

    async remove(workspaceId: string, memberId: string, actor: AuditActor) {
      return found(
        await members.remove(workspaceId, memberId, actor),
        "Member not found",
        "memberId",
      );
    },

    async cancelInvitation(workspaceId: string, invitationId: string, actor: AuditActor) {
      const canceled = await members.cancelInvitation(workspaceId, invitationId, actor);
      return found(canceled, "Invitation not found", "invitationId");
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
