import { randomBytes } from "node:crypto";
import { ZComparisonState, type TComparisonState, type TShareLink } from "@meshbench/contracts";
import type { Database } from "../client";
import type { Prisma, ShareLink } from "../generated/prisma/client";

/** 256 bits from the OS CSPRNG, base64url: the id is the only secret of a public link. */
export function newShareId(): string {
  return randomBytes(32).toString("base64url");
}

function toShareLink(row: ShareLink): TShareLink {
  return {
    id: row.id,
    kind: row.kind,
    runId: row.runId,
    comparison: row.comparison === null ? null : ZComparisonState.parse(row.comparison),
    createdAt: row.createdAt,
    revokedAt: row.revokedAt,
  };
}

export type CreateShareLinkInput =
  | { kind: "run"; runId: string; createdByUserId: string | null }
  | { kind: "comparison"; comparison: TComparisonState; createdByUserId: string | null };

export function createShareLinkRepository(db: Database) {
  return {
    async create(workspaceId: string, input: CreateShareLinkInput): Promise<TShareLink> {
      const row = await db.shareLink.create({
        data: {
          id: newShareId(),
          workspaceId,
          kind: input.kind,
          runId: input.kind === "run" ? input.runId : null,
          comparison:
            input.kind === "comparison" ? (input.comparison as Prisma.InputJsonValue) : undefined,
          createdByUserId: input.createdByUserId,
        },
      });
      return toShareLink(row);
    },

    async list(workspaceId: string, filter: { runId?: string } = {}): Promise<TShareLink[]> {
      const rows = await db.shareLink.findMany({
        where: { workspaceId, ...(filter.runId ? { runId: filter.runId } : {}) },
        orderBy: { createdAt: "desc" },
        take: 100,
      });
      return rows.map(toShareLink);
    },

    /** Marks the link revoked; returns false when it does not exist in this workspace. */
    async revoke(workspaceId: string, id: string, at = new Date()): Promise<boolean> {
      const { count } = await db.shareLink.updateMany({
        where: { id, workspaceId, revokedAt: null },
        data: { revokedAt: at },
      });
      if (count > 0) return true;
      return (await db.shareLink.count({ where: { id, workspaceId } })) > 0;
    },

    /**
     * The one unscoped read: a public visitor has only the id. Returns the link with the
     * workspace it belongs to, or null when unknown or revoked.
     */
    async resolveActive(id: string): Promise<(TShareLink & { workspaceId: string }) | null> {
      const row = await db.shareLink.findUnique({ where: { id } });
      if (!row || row.revokedAt !== null) return null;
      return { ...toShareLink(row), workspaceId: row.workspaceId };
    },
  };
}

export type ShareLinkRepository = ReturnType<typeof createShareLinkRepository>;
