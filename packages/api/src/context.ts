import type { TActorVia, TRole, TTokenScope } from "@meshbench/contracts";
import type { Services } from "@meshbench/services";

export type { Services };

/**
 * Who is calling, resolved once per request by auth/resolve-actor.ts (session cookie or API
 * token). `via: "local"` is only for callers that tests build directly.
 */
export type Actor = {
  userId: string | null;
  workspaceId: string;
  role: TRole;
  via: TActorVia;
  /** The API token's id when via is "token" (for the audit log). */
  tokenId?: string | null;
  /** The API token's scopes; null/absent for sessions (their role alone decides). */
  scopes?: TTokenScope[] | null;
};

/** Services (packages/services) are injected, so tests build a caller over a real database. */
export type Context = {
  services: Services;
  actor: Actor | null;
};

export function createContext(input: Context): Context {
  return input;
}
