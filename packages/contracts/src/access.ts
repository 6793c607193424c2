import { z } from "zod";

/** Workspace roles, lowest to highest: viewers read, members run and upload, admins manage
 * clusters and tokens, owners manage members. */
export const ROLES = ["viewer", "member", "admin", "owner"] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

/** Whether `role` reaches `minimum` (an admin is at least a member; a viewer is not). */
export function roleAtLeast(role: TRole, minimum: TRole): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(minimum);
}

/**
 * What an API token may do, least privilege: `read` reads like a viewer; each other scope unlocks
 * one kind of write and nothing else. Member tier: `results:write` (upload results),
 * `runs:trigger` (start and cancel runs, calibrate a cluster), `benchmarks:write` (create, edit and
 * archive benchmarks, decide change points), `share:write` (create and revoke share links). Admin
 * tier, audited: `clusters:write` (register a cluster, validate it, update its credentials:
 * `meshbench cluster connect`) and `budgets:write` (a benchmark's verdict budgets). Only admins
 * create tokens at all, so only they can grant the admin ones.
 */
export const TOKEN_SCOPES = [
  "read",
  "results:write",
  "runs:trigger",
  "benchmarks:write",
  "share:write",
  "clusters:write",
  "budgets:write",
  "alerts:write",
] as const;
export const ZTokenScope = z.enum(TOKEN_SCOPES);
export type TTokenScope = z.infer<typeof ZTokenScope>;

/**
 * The role tier each scope's procedures sit at: a session caller needs that role, a token the
 * scope. A token's own role is the highest tier among its scopes.
 */
export const TOKEN_SCOPE_TIER: Record<TTokenScope, TRole> = {
  read: "viewer",
  "results:write": "member",
  "runs:trigger": "member",
  "benchmarks:write": "member",
  "share:write": "member",
  "clusters:write": "admin",
  "budgets:write": "admin",
  "alerts:write": "admin",
};

/**
 * Scopes one token may not hold together: a token that may set the budgets a verdict judges by
 * must not also produce the results it judges (upload them, or trigger the run that measures
 * them) — otherwise a CI token could pass its own run.
 */
const EXCLUSIVE_SCOPES: readonly (readonly [TTokenScope, TTokenScope])[] = [
  ["budgets:write", "results:write"],
  ["budgets:write", "runs:trigger"],
];

/** Why these scopes cannot share a token, or null when they can. */
export function scopeConflict(scopes: readonly TTokenScope[]): string | null {
  const pair = EXCLUSIVE_SCOPES.find(([a, b]) => scopes.includes(a) && scopes.includes(b));
  return pair
    ? `${pair[0]} cannot be combined with ${pair[1]}: a token that sets budgets must not produce the runs they judge`
    : null;
}

export function isTokenScope(value: string): value is TTokenScope {
  return (TOKEN_SCOPES as readonly string[]).includes(value);
}

/**
 * A token's role is derived from its scopes: the highest tier among them (`read` viewer, the
 * write scopes member, `clusters:write`/`budgets:write` admin). The role only lets the token
 * past a tier; which procedures it reaches there is decided by its scopes (api trpc.ts).
 */
export function roleForScopes(scopes: readonly TTokenScope[]): TRole {
  const tiers = scopes.map((s) => ROLES.indexOf(TOKEN_SCOPE_TIER[s]));
  return ROLES[Math.max(0, ...tiers)] ?? "viewer";
}

export const ZMember = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: ZRole,
  createdAt: z.date(),
});
export type TMember = z.infer<typeof ZMember>;

export const ZInviteMemberInput = z.object({
  email: z.email({ error: "must be an email address" }).max(254),
  role: ZRole,
});
export type TInviteMemberInput = z.infer<typeof ZInviteMemberInput>;

export const ZInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: ZRole,
  expiresAt: z.date(),
  createdAt: z.date(),
  /** The page the invitee opens (signed in with the invited address) to join. */
  link: z.string(),
});
export type TInvitation = z.infer<typeof ZInvitation>;

export const ZCreateApiTokenInput = z.object({
  name: z.string().trim().min(1, "must not be empty").max(64),
  scopes: z
    .array(ZTokenScope)
    .min(1, "choose at least one scope")
    .refine((s) => new Set(s).size === s.length, "must not repeat a scope")
    .superRefine((s, ctx) => {
      const conflict = scopeConflict(s);
      if (conflict) ctx.addIssue({ code: "custom", message: conflict });
    }),
});
export type TCreateApiTokenInput = z.infer<typeof ZCreateApiTokenInput>;

export const ZApiToken = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.string()),
  lastUsedAt: z.date().nullable(),
  revokedAt: z.date().nullable(),
  createdAt: z.date(),
});
export type TApiToken = z.infer<typeof ZApiToken>;

export const ZAuditEvent = z.object({
  id: z.string(),
  actorUserId: z.string().nullable(),
  actorTokenId: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  createdAt: z.date(),
});
export type TAuditEvent = z.infer<typeof ZAuditEvent>;

export const ZWorkspaceOfUser = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  role: ZRole,
});
export type TWorkspaceOfUser = z.infer<typeof ZWorkspaceOfUser>;

/** How a caller reached the API: a session cookie, an API token, or a caller tests build. */
export const ZActorVia = z.enum(["session", "token", "local"]);
export type TActorVia = z.infer<typeof ZActorVia>;

/** The caller's active workspace and role, plus the other workspaces a session caller belongs to. */
export const ZCurrentWorkspace = ZWorkspaceOfUser.extend({
  via: ZActorVia,
  workspaces: z.array(ZWorkspaceOfUser),
});
export type TCurrentWorkspace = z.infer<typeof ZCurrentWorkspace>;

export const ZListAuditEventsInput = z.object({
  limit: z.number().int().min(1).max(200).default(50),
});
export type TListAuditEventsInput = z.infer<typeof ZListAuditEventsInput>;
