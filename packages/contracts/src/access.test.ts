import { describe, expect, it } from "vitest";
import {
  ROLES,
  roleAtLeast,
  roleForScopes,
  scopeConflict,
  TOKEN_SCOPES,
  ZCreateApiTokenInput,
} from "./access";

describe("roles", () => {
  it("ranks viewer < member < admin < owner, each reaching itself and those below", () => {
    const reached = ROLES.map((role) => ROLES.filter((minimum) => roleAtLeast(role, minimum)));
    expect(reached).toEqual([
      ["viewer"],
      ["viewer", "member"],
      ["viewer", "member", "admin"],
      ["viewer", "member", "admin", "owner"],
    ]);
  });

  it("gives a token the highest tier among its scopes, never owner", () => {
    expect(roleForScopes([])).toBe("viewer");
    expect(roleForScopes(["read"])).toBe("viewer");
    expect(roleForScopes(["read", "runs:trigger"])).toBe("member");
    expect(roleForScopes(["results:write", "clusters:write"])).toBe("admin");
  });

  it("gives budgets:write and clusters:write the admin tier", () => {
    expect(roleForScopes(["read", "budgets:write"])).toBe("admin");
    expect(roleForScopes(["benchmarks:write", "share:write"])).toBe("member");
  });
});

describe("scopes that cannot share a token", () => {
  it("refuses budgets:write with results:write or runs:trigger, naming scopes", () => {
    for (const other of ["results:write", "runs:trigger"] as const) {
      expect(scopeConflict(["read", "budgets:write", other])).toContain(other);
      const parsed = ZCreateApiTokenInput.safeParse({
        name: "x",
        scopes: ["budgets:write", other],
      });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(["scopes"]);
    }
  });

  it("allows every other combination, e.g. a CI token with everything but budgets:write", () => {
    const ci = TOKEN_SCOPES.filter((s) => s !== "budgets:write");
    expect(scopeConflict(ci)).toBeNull();
    expect(
      scopeConflict(["read", "budgets:write", "clusters:write", "benchmarks:write"]),
    ).toBeNull();
    expect(ZCreateApiTokenInput.safeParse({ name: "ci", scopes: ci }).success).toBe(true);
  });
});
