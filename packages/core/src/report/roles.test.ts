import { CONTAINER_ROLES_ANNOTATION } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { classifyContainerRole, parseContainerRoles, reportRoleOf } from "./roles";

const ctx = { dataPlaneNamespaces: ["mb-run-ambient"], controlPlaneNamespaces: ["istio-system"] };
const role = (
  namespace: string,
  pod: string,
  container: string,
  annotations?: Record<string, string>,
) => classifyContainerRole({ namespace, pod, container, annotations }, ctx);

describe("classifyContainerRole (the one rule)", () => {
  it("books sidecars in the variant's own pods as proxy cost", () => {
    expect(role("mb-run-ambient", "echo-7c9", "istio-proxy")).toBe("proxy");
    expect(role("mb-run-ambient", "echo-7c9", "linkerd-proxy")).toBe("proxy");
  });
  it("never books gateways or control-plane proxies as sidecar cost", () => {
    expect(role("istio-system", "istio-ingressgateway-1", "istio-proxy")).toBe("control_plane");
    expect(role("istio-system", "istiod-5f", "discovery")).toBe("control_plane");
    expect(role("ingress", "gw-1", "istio-proxy")).toBe("gateway");
  });
  it("finds ztunnel and waypoints wherever they run, before the namespace rules", () => {
    expect(role("istio-system", "ztunnel-abcde", "istio-proxy")).toBe("ztunnel");
    expect(role("mb-run-ambient", "waypoint-6d8", "istio-proxy")).toBe("waypoint");
    expect(role("elsewhere", "ns-waypoint-1", "istio-proxy")).toBe("waypoint");
  });
  it("lets the pod's annotation name roles, e.g. a fortio proxy the user deployed", () => {
    const annotations = { [CONTAINER_ROLES_ANNOTATION]: "proxy=hop, app=server" };
    expect(role("mb-run-ambient", "echo-1", "hop", annotations)).toBe("proxy");
    expect(role("mb-run-ambient", "echo-1", "server", annotations)).toBe("app");
    expect(role("mb-run-ambient", "echo-1", "other", annotations)).toBe("app");
  });
  it("tells the load generator from the app", () => {
    expect(role("mb-run-ambient", "lg-0", "fortio")).toBe("load_generator");
    expect(role("mb-run-ambient", "echo-1", "fortio")).toBe("app");
  });
});

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
