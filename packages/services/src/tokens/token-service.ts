import {
  DomainError,
  isTokenScope,
  scopeConflict,
  type TApiToken,
  type TCreateApiTokenInput,
  type TTokenScope,
} from "@meshbench/contracts";
import type { ApiTokenRepository } from "@meshbench/db";
import type { AuditActor } from "../audit/audit-service";
import { generateApiToken, hashApiToken } from "./api-token";

/** An active token as a request presents it: whose workspace, which scopes. */
export type AuthenticatedToken = { id: string; workspaceId: string; scopes: TTokenScope[] };

/** API tokens of a workspace: created and revoked by admins, stored as a SHA-256 hash only. */
export function createTokenService(tokens: ApiTokenRepository) {
  return {
    list: (workspaceId: string): Promise<TApiToken[]> => tokens.list(workspaceId),

    /** The token is in this answer only; the database keeps its SHA-256. */
    async create(
      workspaceId: string,
      input: TCreateApiTokenInput,
      actor: AuditActor,
    ): Promise<TApiToken & { token: string }> {
      const conflict = scopeConflict(input.scopes);
      if (conflict) throw new DomainError("BAD_REQUEST", `scopes: ${conflict}`, "scopes");
      const { token, prefix, hash } = generateApiToken();
      const created = await tokens.create(
        workspaceId,
        { name: input.name, scopes: input.scopes, prefix, hash, createdById: actor.actorUserId },
        actor,
      );
      return { ...created, token };
    },

    async revoke(workspaceId: string, tokenId: string, actor: AuditActor) {
      const revoked = await tokens.revoke(workspaceId, tokenId, actor);
      if (!revoked)
        throw new DomainError("NOT_FOUND", "Token not found (or already revoked)", "tokenId");
      return revoked;
    },

    /** The active token a bearer header carries, or null (unknown or revoked). */
    async authenticate(token: string): Promise<AuthenticatedToken | null> {
      const found = await tokens.findActiveByHash(hashApiToken(token));
      return found ? { ...found, scopes: found.scopes.filter(isTokenScope) } : null;
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
