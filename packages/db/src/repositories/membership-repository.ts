import { randomBytes } from "node:crypto";
import { DomainError } from "@meshbench/contracts";
import type { Database } from "../client";
import type { Role } from "../generated/prisma/enums";
import { auditRow, type AuditInput } from "./audit-repository";

export type MemberRecord = {
  id: string;
  userId: string;
  email: string;
  name: string;
  role: Role;
  createdAt: Date;
};
export type InvitationRecord = {
  id: string;
  email: string;
  role: Role;
  expiresAt: Date;
  createdAt: Date;
};
type Audit = Omit<AuditInput, "action" | "targetType" | "targetId" | "metadata">;

/**
 * Memberships and invitations live in better-auth's organization tables (mapped onto ours), so
 * there is one source of truth; changes go through here, each with its audit entry in the same
 * transaction.
 */
export function createMembershipRepository(db: Database) {
  const serializable = { isolationLevel: "Serializable" as const };

  async function assertOwnerRemains(
    tx: Pick<Database, "membership">,
    workspaceId: string,
    memberId: string,
  ) {
    const owners = await tx.membership.count({
      where: { workspaceId, role: "owner", id: { not: memberId } },
    });
    if (owners === 0)
      throw new DomainError(
        "PRECONDITION_FAILED",
        "A workspace needs at least one owner",
        "memberId",
      );
  }

  return {
    async list(workspaceId: string): Promise<MemberRecord[]> {
      const rows = await db.membership.findMany({
        where: { workspaceId },
        orderBy: { createdAt: "asc" },
        select: {
          id: true,
          userId: true,
          role: true,
          createdAt: true,
          user: { select: { email: true, name: true } },
        },
      });
      return rows.map(({ user, ...m }) => ({ ...m, email: user.email, name: user.name }));
    },

    async roleOf(workspaceId: string, userId: string): Promise<Role | null> {
      const row = await db.membership.findUnique({
        where: { workspaceId_userId: { workspaceId, userId } },
        select: { role: true },
      });
      return row?.role ?? null;
    },

    /** The user's workspaces, oldest membership first (the default when none is active). */
    async workspacesOf(userId: string) {
      const rows = await db.membership.findMany({
        where: { userId },
        orderBy: { createdAt: "asc" },
        select: { role: true, workspace: { select: { id: true, slug: true, name: true } } },
      });
      return rows.map((r) => ({ ...r.workspace, role: r.role }));
    },

    async changeRole(workspaceId: string, memberId: string, role: Role, audit: Audit) {
      return db.$transaction(async (tx) => {
        const member = await tx.membership.findFirst({ where: { id: memberId, workspaceId } });
        if (!member) return null;
        if (member.role === "owner" && role !== "owner")
          await assertOwnerRemains(tx, workspaceId, memberId);
        await tx.membership.update({ where: { id: memberId }, data: { role } });
        await tx.auditEvent.create({
          data: auditRow(workspaceId, {
            ...audit,
            action: "member.role_changed",
            targetType: "member",
            targetId: memberId,
            metadata: { userId: member.userId, from: member.role, to: role },
          }),
        });
        return { id: memberId, role };
      }, serializable);
    },

    async remove(workspaceId: string, memberId: string, audit: Audit) {
      return db.$transaction(async (tx) => {
        const member = await tx.membership.findFirst({ where: { id: memberId, workspaceId } });
        if (!member) return null;
        if (member.role === "owner") await assertOwnerRemains(tx, workspaceId, memberId);
        await tx.membership.delete({ where: { id: memberId } });
        await tx.auditEvent.create({
          data: auditRow(workspaceId, {
            ...audit,
            action: "member.removed",
            targetType: "member",
            targetId: memberId,
            metadata: { userId: member.userId, role: member.role },
          }),
        });
        return { id: memberId };
      }, serializable);
    },

    /** A new invitation replaces the pending one for the same address. */
    async invite(
      workspaceId: string,
      input: { email: string; role: Role; inviterId: string; expiresAt: Date },
      audit: Audit,
    ): Promise<InvitationRecord> {
      const email = input.email.toLowerCase();
      return db.$transaction(async (tx) => {
        const existing = await tx.membership.count({ where: { workspaceId, user: { email } } });
        if (existing > 0)
          throw new DomainError("CONFLICT", "That person is already a member", "email");
        await tx.invitation.updateMany({
          where: { workspaceId, email, status: "pending" },
          data: { status: "canceled" },
        });
        const invitation = await tx.invitation.create({
          data: {
            // The id is the invitation link's capability: 128 random bits, not a guessable cuid.
            id: randomBytes(16).toString("hex"),
            workspaceId,
            email,
            role: input.role,
            inviterId: input.inviterId,
            expiresAt: input.expiresAt,
          },
          select: { id: true, email: true, role: true, expiresAt: true, createdAt: true },
        });
        await tx.auditEvent.create({
          data: auditRow(workspaceId, {
            ...audit,
            action: "invitation.created",
            targetType: "invitation",
            targetId: invitation.id,
            metadata: { email, role: input.role },
          }),
        });
        return invitation;
      });
    },

    listInvitations(workspaceId: string): Promise<InvitationRecord[]> {
      return db.invitation.findMany({
        where: { workspaceId, status: "pending", expiresAt: { gt: new Date() } },
        orderBy: { createdAt: "desc" },
        select: { id: true, email: true, role: true, expiresAt: true, createdAt: true },
      });
    },

    async cancelInvitation(workspaceId: string, invitationId: string, audit: Audit) {
      return db.$transaction(async (tx) => {
        const { count } = await tx.invitation.updateMany({
          where: { id: invitationId, workspaceId, status: "pending" },
          data: { status: "canceled" },
        });
        if (count === 0) return null;
        await tx.auditEvent.create({
          data: auditRow(workspaceId, {
            ...audit,
            action: "invitation.canceled",
            targetType: "invitation",
            targetId: invitationId,
          }),
        });
        return { id: invitationId };
      });
    },
  };
}

export type MembershipRepository = ReturnType<typeof createMembershipRepository>;
