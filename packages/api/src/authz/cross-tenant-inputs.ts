import type { Role } from "../context";
import type { TokenScope } from "../auth/scopes";
import type { MatrixFixtures } from "./matrix-fixtures";

/**
 * One entry per tRPC procedure path: its tier and a factory for a VALID input. The cross-tenant
 * matrix test calls every procedure as every kind of caller with that input.
 *
 * - `object`: the input names objects of workspace A (create fresh ones in the factory when the
 *   call consumes them). Callers from B must get exactly FORBIDDEN or NOT_FOUND.
 * - `workspace`: the procedure acts on the caller's own workspace (lists, creates). Callers from
 *   B must succeed on B without any of A's ids in the answer.
 * - `public`: no workspace at all (say why).
 */
export type MatrixEntry =
  | {
      kind: "object" | "workspace";
      minimum: Role;
      scope?: TokenScope;
      input: (fx: MatrixFixtures) => unknown;
    }
  | { kind: "public"; why: string };

const none = () => undefined;

export const matrixEntries: Record<string, MatrixEntry> = {
  "health.check": { kind: "public", why: "liveness probe; reports only database reachability" },

  "runs.list": { kind: "workspace", minimum: "viewer", input: () => ({ limit: 10 }) },
  "runs.get": { kind: "object", minimum: "viewer", input: (fx) => ({ runId: fx.a.runId }) },

  "workspaces.current": { kind: "workspace", minimum: "viewer", input: none },

  "members.list": { kind: "workspace", minimum: "viewer", input: none },
  "members.invite": {
    kind: "workspace",
    minimum: "owner",
    input: (fx) => ({ email: `invitee-${fx.unique()}@example.test`, role: "member" }),
  },
  "members.changeRole": {
    kind: "object",
    minimum: "owner",
    input: async (fx) => ({ memberId: (await fx.newMemberOfA("viewer")).memberId, role: "member" }),
  },
  "members.remove": {
    kind: "object",
    minimum: "owner",
    input: async (fx) => ({ memberId: (await fx.newMemberOfA("member")).memberId }),
  },
  "members.listInvitations": { kind: "workspace", minimum: "owner", input: none },
  "members.cancelInvitation": {
    kind: "object",
    minimum: "owner",
    input: async (fx) => {
      const invitation = await fx.db.invitation.create({
        data: {
          workspaceId: fx.a.workspaceId,
          email: `pending-${fx.unique()}@example.test`,
          role: "viewer",
          inviterId: fx.a.ownerUserId,
          expiresAt: new Date(Date.now() + 3600_000),
        },
      });
      return { invitationId: invitation.id };
    },
  },

  "tokens.list": { kind: "workspace", minimum: "admin", input: none },
  "tokens.create": {
    kind: "workspace",
    minimum: "admin",
    input: (fx) => ({ name: `ci-${fx.unique()}`, scopes: ["read", "results:write"] }),
  },
  "tokens.revoke": {
    kind: "object",
    minimum: "admin",
    input: async (fx) => {
      const token = await fx.db.apiToken.create({
        data: {
          workspaceId: fx.a.workspaceId,
          name: "victim",
          prefix: "mbt_x",
          hash: `h-${fx.unique()}`,
          scopes: ["read"],
        },
      });
      return { tokenId: token.id };
    },
  },

  "audit.list": { kind: "workspace", minimum: "admin", input: () => ({ limit: 20 }) },
};
