import { ZBenchmarkDefinition, type TBenchmarkDefinitionInput } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { serviceOfUrl } from "../steps/target-plan";
import { entryUrl, reachabilityProtocol, targetUrl } from "./target-url";

const def = (input: Partial<TBenchmarkDefinitionInput>) =>
  ZBenchmarkDefinition.parse({
    key: "k",
    name: "k",
    target: { kind: "fortio-echo" },
    variants: [{ name: "base", mesh: "baseline" }],
    loadMatrix: { qps: [100], connections: [2] },
    ...input,
  });

describe("URLs per target kind and protocol", () => {
  it("sends TCP load to the echo's TCP port and the workload's entry port", () => {
    const echo = def({}).target;
    expect(targetUrl(echo, "ns", "tcp", "base")).toBe("tcp://echo.ns.svc.cluster.local:8078");
    expect(targetUrl(echo, "ns", "h2", "base")).toBe("http://echo.ns.svc.cluster.local:8080/echo");
    const entry = { service: "web", port: 9000, path: "/api" };
    expect(entryUrl(entry, "ns", "http1")).toBe("http://web.ns.svc.cluster.local:9000/api");
    expect(entryUrl(entry, "ns", "tcp")).toBe("tcp://web.ns.svc.cluster.local:9000");
    expect(entryUrl(entry, "ns", "grpc")).toBe("web.ns.svc.cluster.local:9000");
  });

  it("derives a per-variant Service URL's TCP form, and the Service a host names", () => {
    const t = def({
      target: { kind: "service-url", variantUrls: { base: "http://app.shop.svc:9080/p" } },
    }).target;
    expect(targetUrl(t, "ns", "tcp", "base")).toBe("tcp://app.shop.svc:9080");
    expect(serviceOfUrl("http://app.shop.svc:9080/p")).toEqual({
      service: "app",
      namespace: "shop",
    });
    expect(serviceOfUrl("http://app.shop.svc.cluster.local/")).toEqual({
      service: "app",
      namespace: "shop",
    });
    expect(serviceOfUrl("http://app.shop:80/")).toBeNull();
    expect(serviceOfUrl("http://example.com/")).toBeNull();
  });

  it("checks reachability over HTTP when the matrix has it, else TCP", () => {
    expect(reachabilityProtocol(["tcp", "http1"])).toBe("http1");
    expect(reachabilityProtocol(["tcp"])).toBe("tcp");
    expect(reachabilityProtocol(["grpc"])).toBeNull();
  });

  it("targets gRPC ping on 8079", () => {
    expect(targetUrl(def({}).target, "ns", "grpc", "base")).toBe("echo.ns.svc.cluster.local:8079");
    const shared = { kind: "service-url" as const, url: "http://svc.x:9000/", variantUrls: {} };
    expect(targetUrl(shared, "ns", "grpc", "base")).toBe("svc.x:9000");
    const perVariant = { ...shared, variantUrls: { mesh: "http://svc.meshed:9001/" } };
    expect(targetUrl(perVariant, "ns", "http1", "mesh")).toBe("http://svc.meshed:9001/");
    expect(targetUrl(perVariant, "ns", "http1", "base")).toBe("http://svc.x:9000/");
  });
});

describe("entry override", () => {
  const target = { kind: "fortio-echo" as const, replicas: 1, image: "x" };
  const entry = { service: "hop", port: 8090, path: "/echo" };
  it("sends every protocol's load to the variant's entry Service in its namespace", () => {
    expect(targetUrl(target, "ns", "http1", "v", entry)).toBe(
      "http://hop.ns.svc.cluster.local:8090/echo",
    );
    expect(targetUrl(target, "ns", "h2", "v", entry)).toBe(
      "http://hop.ns.svc.cluster.local:8090/echo",
    );
    expect(targetUrl(target, "ns", "grpc", "v", entry)).toBe("hop.ns.svc.cluster.local:8090");
    expect(targetUrl(target, "ns", "tcp", "v", entry)).toBe("tcp://hop.ns.svc.cluster.local:8090");
    expect(targetUrl(target, "ns", "http1", "v")).toBe(
      "http://echo.ns.svc.cluster.local:8080/echo",
    );
  });
});
