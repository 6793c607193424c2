import type { Database } from "../client";
import { Prisma } from "../generated/prisma/client";

export type IdempotencyBegin =
  | { state: "new" }
  | { state: "replay"; status: number; response: unknown }
  | { state: "conflict" }
  | { state: "in_flight" };

/** How long an Idempotency-Key's answer is kept for replay. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** A key is scoped by who sent it (token, user) inside the workspace. */
export function idempotencyScopeKey(subject: string, key: string): string {
  return `${subject}:${key}`;
}

/**
 * Idempotency-Key bookkeeping for REST writes, scoped by workspace. `begin` claims the key (a
 * unique row, so two concurrent first attempts cannot both run); `complete` stores the response
 * to replay; `release` forgets a key whose request failed unexpectedly, so it may be retried.
 */
export function createIdempotencyRepository(db: Database, options: { ttlMs?: number } = {}) {
  const ttlMs = options.ttlMs ?? IDEMPOTENCY_TTL_MS;
  return {
    async begin(
      workspaceId: string,
      key: string,
      requestHash: string,
      now = new Date(),
    ): Promise<IdempotencyBegin> {
      await db.idempotencyRecord.deleteMany({
        where: { workspaceId, key, expiresAt: { lte: now } },
      });
      try {
        await db.idempotencyRecord.create({
          data: { workspaceId, key, requestHash, expiresAt: new Date(now.getTime() + ttlMs) },
        });
        return { state: "new" };
      } catch (error) {
        if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== "P2002")
          throw error;
      }
      const existing = await db.idempotencyRecord.findUnique({
        where: { workspaceId_key: { workspaceId, key } },
      });
      if (!existing) return { state: "in_flight" };
      if (existing.requestHash !== requestHash) return { state: "conflict" };
      if (existing.status === null) return { state: "in_flight" };
      return { state: "replay", status: existing.status, response: existing.response };
    },

    async complete(workspaceId: string, key: string, status: number, response: unknown) {
      await db.idempotencyRecord.updateMany({
        where: { workspaceId, key },
        data: {
          status,
          response:
            response === null || response === undefined
              ? Prisma.JsonNull
              : (response as Prisma.InputJsonValue),
        },
      });
    },

    async release(workspaceId: string, key: string) {
      await db.idempotencyRecord.deleteMany({ where: { workspaceId, key, status: null } });
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
