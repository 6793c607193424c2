import { describe, expect, it } from "vitest";
import { classifyContainer, formatContainerRoles, parseContainerRoles } from "./container-roles";

describe("container roles annotation", () => {
  it("parses role=container pairs, skipping unknown roles and malformed pairs", () => {
    expect([...parseContainerRoles("proxy=envoy, app=server,bogus=x,=y,proxy,a=b=c")]).toEqual([
      ["envoy", "proxy"],
      ["server", "app"],
    ]);
    expect(parseContainerRoles(undefined).size).toBe(0);
    expect(formatContainerRoles([{ name: "hop", role: "proxy" }])).toBe("proxy=hop");
  });

  it("a declared role wins over name-based detection, for any pod", () => {
    const declared = parseContainerRoles("proxy=gw,app=istio-proxy");
    const s = (pod: string, container: string) => ({ namespace: "user", pod, container });
    const cp = { controlPlaneNamespaces: ["user"] };
    expect(classifyContainer(s("my-app-1", "gw"), { ...cp, declared })).toBe("proxy");
    expect(classifyContainer(s("my-app-1", "istio-proxy"), { ...cp, declared })).toBe("app");
    expect(classifyContainer(s("my-app-1", "gw"), cp)).toBe("control_plane");
    expect(classifyContainer(s("lg-fortio-1", "other"), { ...cp, declared })).toBe("control_plane");
  });
});

describe("roles of sampled containers", () => {
  it("classifies sampled containers", () => {
    const ctx = { controlPlaneNamespaces: ["istio-system"] };
    expect(
      classifyContainer({ namespace: "b", pod: "echo-1", container: "istio-proxy" }, ctx),
    ).toBe("proxy");
    expect(
      classifyContainer(
        { namespace: "istio-system", pod: "ztunnel-abc", container: "istio-proxy" },
        ctx,
      ),
    ).toBe("ztunnel");
    expect(
      classifyContainer({ namespace: "b", pod: "waypoint-7d9f-x2", container: "istio-proxy" }, ctx),
    ).toBe("waypoint");
    expect(
      classifyContainer(
        { namespace: "istio-system", pod: "ztunnel-abc", container: "ztunnel" },
        ctx,
      ),
    ).toBe("ztunnel");
    expect(
      classifyContainer(
        { namespace: "istio-system", pod: "istiod-1", container: "discovery" },
        ctx,
      ),
    ).toBe("control_plane");
    expect(
      classifyContainer({ namespace: "b", pod: "lg-3-abcd-xyz", container: "fortio" }, ctx),
    ).toBe("load_generator");
    expect(classifyContainer({ namespace: "b", pod: "echo-1", container: "echo" }, ctx)).toBe(
      "app",
    );
  });
});
