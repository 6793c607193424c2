import { ROLES } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { atLeast } from "./roles";

describe("atLeast", () => {
  it("ranks viewer < member < admin < owner", () => {
    expect(atLeast("viewer", "member")).toBe(false);
    expect(atLeast("member", "member")).toBe(true);
    expect(atLeast("member", "admin")).toBe(false);
    expect(atLeast("admin", "member")).toBe(true);
    expect(atLeast("owner", "admin")).toBe(true);
    expect(atLeast("admin", "owner")).toBe(false);
  });

  it("every role holds the viewer's rights and only the owner holds the owner's", () => {
    expect(ROLES.filter((r) => atLeast(r, "viewer"))).toEqual(ROLES);
    expect(ROLES.filter((r) => atLeast(r, "owner"))).toEqual(["owner"]);
  });
});
