import { describe, expect, it } from "vitest";
import { ROLES, roleAtLeast, roleForScopes } from "./access";

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
});
