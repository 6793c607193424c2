import {
  CONTAINER_ROLES_ANNOTATION,
  MESH_KINDS,
  type TMeshKind,
  ZBenchmarkDefinition,
  ZVariant,
} from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { formatContainerRoles, parseContainerRoles } from "./usage/container-roles";
import {
  describeLoadGeneratorMesh,
  loadGeneratorMeshMetadata,
  meshNamespaceMetadata,
} from "./manifests/labels";
import { targetUrl } from "./fortio/target-url";
import { buildLoadGeneratorDeployment } from "./manifests/load-generator";
import { buildTargetDeployment } from "./manifests/target";
import { classifyContainer } from "./steps/mesh-check";
import { describeVariantSettings } from "./steps/variant-description";
import { withVariantPodConfig } from "./manifests/variant-pods";
import { gatewayCondition, waypointProblem } from "./steps/waypoint";
import { notReadyReason } from "./steps/apply-bundle";

const at = { runId: "r1", variant: "v", namespace: "mb-r1-v" };

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

describe("a variant's pod configuration", () => {
  const variant = ZVariant.parse({
    name: "hop",
    mesh: "baseline",
    podAnnotations: { "proxy.istio.io/config": "concurrency: 2" },
    extraContainers: [
      { name: "hop", args: ["proxies", "-M", "8090 http://localhost:8080"], ports: [8090] },
      { name: "agent", role: "app", resources: { limits: { cpu: "100m" } } },
    ],
  });

  it("adds annotations and containers to the pod, naming each extra container's role", () => {
    const t = withVariantPodConfig(
      {
        metadata: { annotations: { [CONTAINER_ROLES_ANNOTATION]: "app=echo", keep: "1" } },
        spec: { containers: [{ name: "echo" }] },
      },
      variant,
    );
    expect(t.metadata?.annotations).toEqual({
      keep: "1",
      "proxy.istio.io/config": "concurrency: 2",
      [CONTAINER_ROLES_ANNOTATION]: "app=echo,proxy=hop,app=agent",
    });
    expect(t.spec?.containers.map((c) => c.name)).toEqual(["echo", "hop", "agent"]);
    expect(t.spec?.containers[1]).toMatchObject({
      image: "fortio/fortio:1.68.2",
      args: ["proxies", "-M", "8090 http://localhost:8080"],
      ports: [{ name: "p8090", containerPort: 8090 }],
    });
    expect(t.spec?.containers[2]?.resources).toEqual({ requests: {}, limits: { cpu: "100m" } });
  });

  it("refuses an extra container that clashes with the target's, and leaves pods alone without config", () => {
    const clash = ZVariant.parse({
      name: "x",
      mesh: "baseline",
      extraContainers: [{ name: "echo" }],
    });
    expect(() => withVariantPodConfig({ spec: { containers: [{ name: "echo" }] } }, clash)).toThrow(
      /clashes/,
    );
    const plain = { spec: { containers: [{ name: "echo" }] } };
    expect(withVariantPodConfig(plain, ZVariant.parse({ name: "b", mesh: "baseline" }))).toEqual({
      ...plain,
      metadata: { annotations: {} },
    });
  });

  it("is applied to the echo target's Deployment, not to its namespace", () => {
    const def = ZBenchmarkDefinition.parse({
      key: "k",
      name: "n",
      target: { kind: "fortio-echo" },
      variants: [variant],
      loadMatrix: { qps: [100], connections: [1] },
    });
    if (def.target.kind !== "fortio-echo") throw new Error("unreachable");
    const d = buildTargetDeployment({
      ...at,
      target: def.target,
      methodology: def.methodology,
      pod: variant,
    });
    expect(d.spec?.template.metadata?.annotations?.["proxy.istio.io/config"]).toBe(
      "concurrency: 2",
    );
    expect(meshNamespaceMetadata(variant).annotations).toEqual({});
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

describe("Gateway status", () => {
  it("a Programmed Gateway is ready although Gateways carry no top-level observedGeneration", () => {
    const gateway = (status: string, reason: string) => ({
      apiVersion: "gateway.networking.k8s.io/v1",
      kind: "Gateway",
      metadata: { name: "wp", generation: 1 },
      status: { conditions: [{ type: "Programmed", status, reason }] },
    });
    expect(notReadyReason(gateway("True", "Programmed"))).toBeNull();
    expect(notReadyReason(gateway("Unknown", "Pending"))).toBe(
      "Gateway wp not Programmed (Pending)",
    );
  });

  it("reads a Gateway's condition", () => {
    const status = {
      conditions: [
        { type: "Programmed", status: "False", reason: "Invalid", message: "no listeners" },
      ],
    };
    expect(gatewayCondition(status, "Programmed")).toEqual({
      type: "Programmed",
      status: "False",
      reason: "Invalid",
      message: "no listeners",
    });
    expect(gatewayCondition(status, "Accepted")).toBeNull();
    expect(gatewayCondition(undefined, "Programmed")).toBeNull();
  });
});

describe("waypoint verification", () => {
  const programmed = { type: "Programmed", status: "True", reason: "Programmed", message: "" };
  const ok = {
    gateway: { className: "istio-waypoint", programmed },
    pods: [{ name: "wp-1", ready: true }],
  };
  it("passes when the Gateway exists with the waypoint class, is Programmed and has a Ready pod", () => {
    expect(waypointProblem("wp", "ns", ok)).toBeNull();
  });
  it.each([
    [{ ...ok, gateway: null }, /no Gateway of that name in ns/],
    [
      { ...ok, gateway: { className: "istio", programmed } },
      /gatewayClassName istio, not istio-waypoint/,
    ],
    [
      {
        ...ok,
        gateway: {
          className: "istio-waypoint",
          programmed: { ...programmed, status: "False", reason: "Invalid", message: "bad" },
        },
      },
      /Gateway not Programmed \(Invalid: bad\)/,
    ],
    [
      { ...ok, gateway: { className: "istio-waypoint", programmed: null } },
      /no Programmed condition/,
    ],
    [{ ...ok, pods: [] }, /no Ready waypoint pod/],
    [{ ...ok, pods: [{ name: "wp-1", ready: false }] }, /not ready: wp-1/],
  ])("fails with the reason (%#)", (seen, reason) => {
    expect(waypointProblem("wp", "ns", seen)).toMatch(reason);
  });
  it("labels Kmesh namespaces with the waypoint too (Kmesh L7)", () => {
    expect(
      meshNamespaceMetadata(ZVariant.parse({ name: "k", mesh: "kmesh", waypoint: "wp" })).labels,
    ).toEqual({
      "istio.io/dataplane-mode": "Kmesh",
      "istio.io/use-waypoint": "wp",
    });
  });
});

describe("the load generator and the mesh: one rule for every mesh kind", () => {
  const methodology = (inMesh: boolean) =>
    ZBenchmarkDefinition.parse({
      key: "k",
      name: "n",
      target: { kind: "fortio-echo" },
      variants: [{ name: "v", mesh: "baseline" }],
      loadMatrix: { qps: [1], connections: [1] },
      methodology: { loadGeneratorInMesh: inMesh },
    }).methodology;
  const pod = (inMesh: boolean) =>
    buildLoadGeneratorDeployment({ ...at, methodology: methodology(inMesh) }).spec!.template
      .metadata!;

  it("out: the pod opts out of sidecar injection, ambient and Kmesh alike", () => {
    const m = pod(false);
    expect(m.annotations).toEqual({
      "sidecar.istio.io/inject": "false",
      "linkerd.io/inject": "disabled",
    });
    expect(m.labels).toMatchObject({
      "sidecar.istio.io/inject": "false",
      "istio.io/dataplane-mode": "none",
    });
    expect(describeLoadGeneratorMesh(false)).toMatch(
      /^out of the mesh for every variant .*istio.io\/dataplane-mode=none/,
    );
  });

  it("in: the pod carries nothing and inherits each mesh's namespace enrolment", () => {
    const m = pod(true);
    expect(m.annotations).toEqual({});
    expect(
      Object.keys(m.labels ?? {}).filter((k) => k.includes("istio") || k.includes("linkerd")),
    ).toEqual([]);
    expect(describeLoadGeneratorMesh(true)).toMatch(/^in the mesh for every variant/);
  });

  it.each(MESH_KINDS.filter((k) => k !== "cilium" && k !== "custom" && k !== "baseline"))(
    "%s: every key that enrols the namespace has a pod-level opt-out when the load generator stays out",
    (mesh: TMeshKind) => {
      const ns = meshNamespaceMetadata(ZVariant.parse({ name: "v", mesh }));
      const out = loadGeneratorMeshMetadata(false);
      const optOut: Record<string, string> = { ...out.labels, ...out.annotations };
      const enrolling = { ...ns.labels, ...ns.annotations };
      const covered: Record<string, string> = {
        "istio-injection": "sidecar.istio.io/inject",
        "istio.io/dataplane-mode": "istio.io/dataplane-mode",
        "linkerd.io/inject": "linkerd.io/inject",
      };
      for (const key of Object.keys(enrolling))
        expect(optOut[covered[key] ?? key], key).toBeDefined();
    },
  );

  it("the run's environment states the variant's settings", () => {
    const v = ZVariant.parse({
      name: "hop",
      mesh: "istio-ambient",
      waypoint: "wp",
      podAnnotations: { a: "b" },
      extraContainers: [{ name: "hop", args: ["proxies"] }],
      manifests: "apiVersion: v1\nkind: Service\nmetadata: { name: hop }\n",
      entry: { service: "hop", port: 8090 },
    });
    expect(describeVariantSettings(v, false, "ns")).toEqual({
      "pod annotations": "a=b",
      "extra containers": "hop (proxy, fortio/fortio:1.68.2 proxies)",
      manifests: "Service/hop",
      entry: "hop:8090/",
      waypoint: "wp",
      "load generator": describeLoadGeneratorMesh(false),
    });
  });
});
