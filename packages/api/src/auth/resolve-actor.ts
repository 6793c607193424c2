import { roleForScopes } from "@meshbench/contracts";
import type { MemberService, TokenService } from "@meshbench/services";
import type { Actor } from "../context";
import { bearerToken } from "./bearer-token";

/** Header a session caller may send to pick one of their workspaces (id or slug). */
export const WORKSPACE_HEADER = "x-meshbench-workspace";

export type SessionInfo = { userId: string; activeWorkspaceId: string | null };

/** What resolving a caller needs, injected so tests and both transports (tRPC, REST) share it. */
export type ActorResolverDeps = {
  getSession: (headers: Headers) => Promise<SessionInfo | null>;
  memberships: Pick<MemberService, "workspacesOf">;
  tokens: Pick<TokenService, "authenticate">;
};

/**
 * The one place a request becomes an Actor. A bearer token wins over a cookie (CLI and CI send
 * tokens; a stray cookie must not widen them). An invalid token resolves to nobody rather than
 * falling back to the session. Sessions pick the workspace from the header, then the session's
 * active workspace, then the oldest membership; the role is read fresh on every request, so a
 * removed member loses access at once.
 */
export async function resolveActor(
  headers: Headers,
  deps: ActorResolverDeps,
): Promise<Actor | null> {
  const token = bearerToken(headers);
  if (token !== null) {
    if (!token) return null;
    const found = await deps.tokens.authenticate(token);
    if (!found) return null;
    const scopes = found.scopes;
    return {
      userId: null,
      tokenId: found.id,
      workspaceId: found.workspaceId,
      role: roleForScopes(scopes),
      scopes,
      via: "token",
    };
  }

  const session = await deps.getSession(headers);
  if (!session) return null;
  const workspaces = await deps.memberships.workspacesOf(session.userId);
  const wanted = headers.get(WORKSPACE_HEADER)?.trim();
  const chosen = wanted
    ? workspaces.find((w) => w.id === wanted || w.slug === wanted)
    : (workspaces.find((w) => w.id === session.activeWorkspaceId) ?? workspaces[0]);
  if (!chosen) return null;
  return {
    userId: session.userId,
    tokenId: null,
    workspaceId: chosen.id,
    role: chosen.role,
    scopes: null,
    via: "session",
  };
}
