import { prepared, sqlPool, type Database } from "../client";
import type { Prisma } from "../generated/prisma/client";
import { TOUCH_INTERVAL_MS } from "./api-token-repository";
import { idempotencyScopeKey } from "./idempotency-repository";

type BenchmarkRow = Prisma.BenchmarkGetPayload<object>;

/** What a token upload may do, as upload-repository's readTokenGate reads it in one statement. */
export type TokenUploadGate = {
  tokenId: string;
  workspaceId: string;
  /** Whether the token's lastUsedAt is due to be written (as findActiveByHash decides). */
  touch: boolean;
  /** The upload's benchmark; null: the key is new (the general path creates its record). */
  benchmark: BenchmarkRow | null;
  /**
   * The benchmark row's version (its `xmin`: every UPDATE writes a new one), which the store
   * checks is still the same: any change to the row, and the gate is read again.
   */
  benchmarkVersion: string | null;
  alerting: boolean;
  /** The Idempotency-Key already has a record (a replay, a conflict or one in flight). */
  keyTaken: boolean;
};

/**
 * One read for a token upload's fast path (issue 27): the active token holding `scope` (by its
 * hash, as ApiTokenRepository.findActiveByHash finds it), its workspace's benchmark of that key
 * with whether anyone is alerted about it, and whether the Idempotency-Key is taken. null: no such
 * token, revoked, or without the scope. The store checks all of it again in its own statement,
 * so a caller may keep a gate as a hint for the next upload of the same token and key. The key's record is looked up as idempotencyScopeKey
 * composes it for a token ("<token id>:<key>").
 */
export async function readTokenGate(
  db: Database,
  query: {
    tokenHash: string;
    scope: string;
    benchmarkKey: string;
    idempotencyKey: string | null;
  },
): Promise<TokenUploadGate | null> {
  const { rows } = await sqlPool(db).query<{
    tokenId: string;
    workspaceId: string;
    touch: boolean;
    benchmark: (Omit<BenchmarkRow, "createdAt" | "updatedAt"> & Record<string, unknown>) | null;
    benchmarkVersion: string | null;
    alerting: boolean;
    keyTaken: boolean;
  }>({
    ...prepared(`SELECT t."id" AS "tokenId", t."workspaceId",
       (t."lastUsedAt" IS NULL OR t."lastUsedAt" < $2) AS "touch",
       to_jsonb(b) AS "benchmark", b."xmin"::text AS "benchmarkVersion",
       (b."id" IS NOT NULL AND EXISTS (SELECT 1 FROM "AlertRule" r WHERE r."benchmarkId" = b."id")) AS "alerting",
       ($4::text IS NOT NULL AND EXISTS (SELECT 1 FROM "IdempotencyRecord" i
         WHERE i."workspaceId" = t."workspaceId" AND i."key" = t."id" || ':' || $4)) AS "keyTaken"
     FROM "ApiToken" t
     LEFT JOIN "Benchmark" b ON b."workspaceId" = t."workspaceId" AND b."key" = $3
     WHERE t."hash" = $1 AND t."revokedAt" IS NULL AND $5 = ANY(t."scopes")`),
    values: [
      query.tokenHash,
      new Date(Date.now() - TOUCH_INTERVAL_MS).toISOString(),
      query.benchmarkKey,
      query.idempotencyKey,
      query.scope,
    ],
  });
  const row = rows[0];
  if (!row) return null;
  return {
    tokenId: row.tokenId,
    workspaceId: row.workspaceId,
    touch: row.touch,
    benchmark: row.benchmark ? (row.benchmark as unknown as BenchmarkRow) : null,
    benchmarkVersion: row.benchmarkVersion,
    alerting: row.alerting,
    keyTaken: row.keyTaken,
  };
}

/** The key of a token's Idempotency-Key record (what the REST transport stores it under). */
export const tokenIdempotencyKey = (tokenId: string, key: string) =>
  idempotencyScopeKey(tokenId, key);
