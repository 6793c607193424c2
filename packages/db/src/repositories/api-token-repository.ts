import { prepared, sqlPool, type Database } from "../client";
import { auditRow, type AuditInput } from "./audit-repository";

export type ApiTokenRecord = {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
};
type Audit = Omit<AuditInput, "action" | "targetType" | "targetId" | "metadata">;

const listFields = {
  id: true,
  name: true,
  prefix: true,
  scopes: true,
  lastUsedAt: true,
  revokedAt: true,
  createdAt: true,
} as const;

// lastUsedAt is a hint for humans: writing it at most once a minute keeps token calls read-only.
export const TOUCH_INTERVAL_MS = 60_000;

/** API tokens are stored as a SHA-256 hash only; hashing and generation happen in the api package. */
export function createApiTokenRepository(db: Database) {
  return {
    async create(
      workspaceId: string,
      input: {
        name: string;
        prefix: string;
        hash: string;
        scopes: string[];
        createdById: string | null;
      },
      audit: Audit,
    ): Promise<ApiTokenRecord> {
      return db.$transaction(async (tx) => {
        const token = await tx.apiToken.create({
          data: { workspaceId, ...input },
          select: listFields,
        });
        await tx.auditEvent.create({
          data: auditRow(workspaceId, {
            ...audit,
            action: "token.created",
            targetType: "api_token",
            targetId: token.id,
            metadata: { name: input.name, prefix: input.prefix, scopes: input.scopes },
          }),
        });
        return token;
      });
    },

    list(workspaceId: string): Promise<ApiTokenRecord[]> {
      return db.apiToken.findMany({
        where: { workspaceId },
        orderBy: { createdAt: "desc" },
        select: listFields,
      });
    },

    async revoke(workspaceId: string, tokenId: string, audit: Audit) {
      return db.$transaction(async (tx) => {
        const token = await tx.apiToken.findFirst({
          where: { id: tokenId, workspaceId, revokedAt: null },
        });
        if (!token) return null;
        await tx.apiToken.update({ where: { id: tokenId }, data: { revokedAt: new Date() } });
        await tx.auditEvent.create({
          data: auditRow(workspaceId, {
            ...audit,
            action: "token.revoked",
            targetType: "api_token",
            targetId: tokenId,
            metadata: { name: token.name, prefix: token.prefix },
          }),
        });
        return { id: tokenId };
      });
    },

    /** Resolves a bearer token by its hash; revoked tokens do not resolve. */
    async findActiveByHash(hash: string) {
      // On the driver's pool: this runs before every token request (bench: ingest). Whether
      // lastUsedAt is due is decided in SQL (the column is UTC without a zone; no clock parsing).
      const due = new Date(Date.now() - TOUCH_INTERVAL_MS).toISOString();
      const { rows } = await sqlPool(db).query<{
        id: string;
        workspaceId: string;
        scopes: string[];
        touch: boolean;
      }>({
        ...prepared(`SELECT "id", "workspaceId", "scopes", ("lastUsedAt" IS NULL OR "lastUsedAt" < $2) AS "touch"
         FROM "ApiToken" WHERE "hash" = $1 AND "revokedAt" IS NULL`),
        values: [hash, due],
      });
      const token = rows[0];
      if (!token) return null;
      if (token.touch)
        await db.apiToken.update({ where: { id: token.id }, data: { lastUsedAt: new Date() } });
      return { id: token.id, workspaceId: token.workspaceId, scopes: token.scopes };
    },
  };
}

export type ApiTokenRepository = ReturnType<typeof createApiTokenRepository>;
