import { describe, expect, it } from "vitest";
import { parseContainerRoles, reportRoleOf } from "./roles";

describe("parseContainerRoles", () => {
  it("ignores unknown roles and malformed parts", () => {
    expect([...parseContainerRoles("proxy=a,boss=b,=c,d,waypoint=w")]).toEqual([
      ["a", "proxy"],
      ["w", "waypoint"],
    ]);
    expect(parseContainerRoles(undefined).size).toBe(0);
  });
});

describe("reportRoleOf (stored samples re-read with the variant's namespaces)", () => {
  it("moves a proxy outside the data plane to gateway and keeps the rest", () => {
    expect(reportRoleOf("proxy", "mb-run-ambient", ["mb-run-ambient"])).toBe("proxy");
    expect(reportRoleOf("proxy", "gateways", ["mb-run-ambient"])).toBe("gateway");
    expect(reportRoleOf("proxy", null, ["mb-run-ambient"])).toBe("proxy");
    expect(reportRoleOf("ztunnel", "istio-system", ["mb-run-ambient"])).toBe("ztunnel");
    expect(reportRoleOf("mystery", "x", [])).toBe("app");
  });
});
