import {
  ROLES,
  TOKEN_SCOPE_TIER,
  TOKEN_SCOPES,
  type TRole,
  type TTokenScope,
} from "@meshbench/contracts";

export { TOKEN_SCOPES, ZTokenScope } from "@meshbench/contracts";
export type TokenScope = TTokenScope;

/**
 * A token's role is derived from its scopes: the highest tier among them (`read` viewer,
 * `results:write`/`runs:trigger` member, `clusters:write` admin). The role only lets the token
 * past a tier; which procedures it reaches there is decided by its scopes (trpc.ts).
 */
export function roleForScopes(scopes: readonly TokenScope[]): TRole {
  const tiers = scopes.map((s) => ROLES.indexOf(TOKEN_SCOPE_TIER[s]));
  return ROLES[Math.max(0, ...tiers)] ?? "viewer";
}

export function isTokenScope(value: string): value is TokenScope {
  return (TOKEN_SCOPES as readonly string[]).includes(value);
}
