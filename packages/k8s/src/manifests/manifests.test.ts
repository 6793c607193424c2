import { ZBenchmarkDefinition, ZVariant } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { meshNamespaceMetadata, trialLabel, variantNamespace } from "./labels";
import { targetUrl } from "../fortio/target-url";
import { describeRunRequest, fortioRunQuery } from "../fortio/run-query";
import { buildLoadGeneratorDeployment } from "./load-generator";
import { buildVariantNamespace } from "./namespace";
import { buildTargetDeployment, buildTargetService } from "./target";

const def = ZBenchmarkDefinition.parse({
  key: "k",
  name: "n",
  target: { kind: "fortio-echo", replicas: 2, resources: { requests: { cpu: "500m" } } },
  variants: [
    { name: "baseline", mesh: "baseline" },
    { name: "ambient", mesh: "istio-ambient", waypoint: "wp" },
  ],
  loadMatrix: { qps: [100, "max"], connections: [8], protocols: ["http1", "grpc"] },
  durationSeconds: 30,
  warmupSeconds: 5,
  methodology: {
    fortio: { uniform: true, noCatchUp: true },
    sidecarResources: { requests: { cpu: "100m" }, limits: { memory: "256Mi" } },
  },
});
const coords = {
  variant: "ambient",
  requestedQps: null,
  connections: 8,
  payloadBytes: 1024,
  protocol: "h2" as const,
  keepAlive: false,
  repetition: 3,
};

describe("namespaces and mesh labels", () => {
  it("labels each mesh kind the way its data plane expects", () => {
    expect(
      meshNamespaceMetadata(ZVariant.parse({ name: "s", mesh: "istio-sidecar" })).labels,
    ).toEqual({ "istio-injection": "enabled" });
    expect(meshNamespaceMetadata(def.variants[1]!).labels).toEqual({
      "istio.io/dataplane-mode": "ambient",
      "istio.io/use-waypoint": "wp",
    });
    expect(
      meshNamespaceMetadata(ZVariant.parse({ name: "l", mesh: "linkerd" })).annotations,
    ).toEqual({ "linkerd.io/inject": "enabled" });
    expect(meshNamespaceMetadata(ZVariant.parse({ name: "k", mesh: "kmesh" })).labels).toEqual({
      "istio.io/dataplane-mode": "Kmesh",
    });
    expect(
      meshNamespaceMetadata(
        ZVariant.parse({ name: "c", mesh: "custom", labels: { a: "b" }, annotations: { x: "y" } }),
      ),
    ).toEqual({ labels: { a: "b" }, annotations: { x: "y" } });
  });

  it("builds an idempotent, labelled namespace per run and variant", () => {
    const ns = buildVariantNamespace("run1", def.variants[1]!);
    expect(ns.metadata?.name).toBe("mb-run1-ambient");
    expect(ns.metadata?.labels).toMatchObject({
      "app.kubernetes.io/managed-by": "meshbench",
      "meshbench.io/run": "run1",
      "istio.io/dataplane-mode": "ambient",
    });
    expect(variantNamespace("x".repeat(40), "y".repeat(30)).length).toBeLessThanOrEqual(63);
    expect(trialLabel("r", 3, "a/b")).toBe(trialLabel("r", 3, "a/b"));
    expect(trialLabel("r", 3, "a/b")).not.toBe(trialLabel("r", 3, "a/c"));
  });
});

describe("target", () => {
  it("deploys Fortio's echo server with replicas, resources and sidecar sizing annotations", () => {
    if (def.target.kind !== "fortio-echo") throw new Error("unreachable");
    const d = buildTargetDeployment({
      runId: "r",
      variant: "baseline",
      namespace: "ns",
      target: def.target,
      methodology: def.methodology,
    });
    expect(d.spec?.replicas).toBe(2);
    expect(d.spec?.template.spec?.containers[0]).toMatchObject({
      image: "fortio/fortio:1.68.2",
      args: ["server"],
      resources: { requests: { cpu: "500m" } },
    });
    expect(d.spec?.template.metadata?.annotations).toMatchObject({
      "sidecar.istio.io/proxyCPU": "100m",
      "config.linkerd.io/proxy-memory-limit": "256Mi",
    });
    expect(
      buildTargetService({ runId: "r", variant: "baseline", namespace: "ns" }).spec?.ports?.map(
        (p) => p.port,
      ),
    ).toEqual([8080, 8079, 8078]);
  });
});

describe("load generator", () => {
  const d = buildLoadGeneratorDeployment({
    runId: "r",
    variant: "ambient",
    namespace: "ns",
    methodology: def.methodology,
  });
  const pod = d.spec!.template.spec!;
  const query = fortioRunQuery(
    {
      coordinates: coords,
      durationSeconds: 30,
      fortio: def.methodology.fortio,
      url: "http://echo.ns.svc.cluster.local:8080/echo",
      label: "r/t1-abc",
    },
    { save: true, async: true },
  );

  it("is one long-lived Fortio server saving results to its data dir", () => {
    expect(d.spec?.replicas).toBe(1);
    expect(d.metadata?.name).toMatch(/^lg-/);
    expect(pod.containers[0]!.args).toEqual([
      "server",
      "-data-dir",
      "/tmp",
      "-grpc-port",
      "disabled",
    ]);
    expect(pod.containers[0]!.readinessProbe?.httpGet?.path).toBe("/fortio/");
  });

  it("asks Fortio's REST API for the trial's load, flag for flag", () => {
    expect(Object.fromEntries(query)).toEqual({
      url: "http://echo.ns.svc.cluster.local:8080/echo",
      qps: "-1",
      c: "8",
      t: "30s",
      r: "0.0001",
      labels: "r/t1-abc",
      uniform: "on",
      nocatchup: "on",
      payload: "x".repeat(1024),
      h2: "on",
      "connection-reuse": "1:1",
      async: "on",
      save: "on",
    });
    expect(describeRunRequest("ns/lg-fortio", query)).toContain("payload=<1024 bytes>");
    expect(describeRunRequest("ns/lg-fortio", query)).toMatch(
      /^GET ns\/lg-fortio:8080\/fortio\/rest\/run\?url=http:\/\/echo/,
    );
  });

  it("keeps the load generator off the server's node and out of the mesh by default", () => {
    expect(
      pod.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.[0]
        ?.topologyKey,
    ).toBe("kubernetes.io/hostname");
    expect(d.spec?.template.metadata?.annotations).toEqual({
      "sidecar.istio.io/inject": "false",
      "linkerd.io/inject": "disabled",
    });
  });

  it("targets gRPC ping on 8079", () => {
    expect(targetUrl(def.target, "ns", "grpc", "base")).toBe("echo.ns.svc.cluster.local:8079");
    const shared = { kind: "service-url" as const, url: "http://svc.x:9000/", variantUrls: {} };
    expect(targetUrl(shared, "ns", "grpc", "base")).toBe("svc.x:9000");
    const perVariant = { ...shared, variantUrls: { mesh: "http://svc.meshed:9001/" } };
    expect(targetUrl(perVariant, "ns", "http1", "mesh")).toBe("http://svc.meshed:9001/");
    expect(targetUrl(perVariant, "ns", "http1", "base")).toBe("http://svc.x:9000/");
  });
});
