import type { Database } from "../client";
import type { Prisma } from "../generated/prisma/client";

/** One audit entry; metadata must be plain, secret-free facts (names, roles, scopes, ids). */
export type AuditInput = {
  actorUserId: string | null;
  actorTokenId?: string | null;
  action: string;
  targetType: string;
  targetId?: string | null;
  metadata?: Record<string, unknown>;
};

export type AuditEventRecord = {
  id: string;
  actorUserId: string | null;
  actorTokenId: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  metadata: Record<string, unknown>;
  createdAt: Date;
};

// Defence in depth: callers should never pass secrets, but a key that looks like one is dropped.
const SECRET_KEY = /token|secret|password|kubeconfig|hash|key$|credential/i;

export function scrubMetadata(metadata: Record<string, unknown> = {}): Record<string, unknown> {
  return Object.fromEntries(Object.entries(metadata).filter(([key]) => !SECRET_KEY.test(key)));
}

/** Builds the row; also used by repositories that write an audit entry in their own transaction. */
export function auditRow(
  workspaceId: string,
  event: AuditInput,
): Prisma.AuditEventUncheckedCreateInput {
  return {
    workspaceId,
    actorUserId: event.actorUserId,
    actorTokenId: event.actorTokenId ?? null,
    action: event.action,
    targetType: event.targetType,
    targetId: event.targetId ?? null,
    metadata: scrubMetadata(event.metadata) as Prisma.InputJsonObject,
  };
}

export function createAuditRepository(db: Database) {
  return {
    async record(workspaceId: string, event: AuditInput): Promise<void> {
      await db.auditEvent.create({ data: auditRow(workspaceId, event) });
    },
    async list(workspaceId: string, options: { limit: number }): Promise<AuditEventRecord[]> {
      const rows = await db.auditEvent.findMany({
        where: { workspaceId },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: options.limit,
      });
      return rows.map((row) => ({
        id: row.id,
        actorUserId: row.actorUserId,
        actorTokenId: row.actorTokenId,
        action: row.action,
        targetType: row.targetType,
        targetId: row.targetId,
        metadata: (row.metadata ?? {}) as Record<string, unknown>,
        createdAt: row.createdAt,
      }));
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
