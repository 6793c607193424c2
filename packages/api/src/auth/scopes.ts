import { TOKEN_SCOPES, type TRole, type TTokenScope } from "@meshbench/contracts";

export { TOKEN_SCOPES, ZTokenScope } from "@meshbench/contracts";
export type TokenScope = TTokenScope;

/** A token's role is derived from its scopes: write scopes are member-level, `read` viewer-level. */
export function roleForScopes(scopes: readonly string[]): TRole {
  return scopes.some((s) => s !== "read") ? "member" : "viewer";
}

export function isTokenScope(value: string): value is TokenScope {
  return (TOKEN_SCOPES as readonly string[]).includes(value);
}
