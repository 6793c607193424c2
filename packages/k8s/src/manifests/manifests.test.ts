import { MESH_KINDS, type TMeshKind, ZBenchmarkDefinition, ZVariant } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import {
  describeLoadGeneratorMesh,
  loadGeneratorMeshMetadata,
  meshNamespaceMetadata,
  trialLabel,
  variantNamespace,
} from "./labels";
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

/** A definition with Fortio's defaults (no uniform, no catch-up switch). */
const plain = ZBenchmarkDefinition.parse({
  key: "k",
  name: "k",
  target: { kind: "fortio-echo" },
  variants: [{ name: "base", mesh: "baseline" }],
  loadMatrix: { qps: [100], connections: [2] },
});

const at = { runId: "r1", variant: "v", namespace: "mb-r1-v" };

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
    inMesh: false,
  });
  const pod = d.spec!.template.spec!;

  it("is one long-lived Fortio server saving results to its data dir, logging no REST bodies", () => {
    expect(d.spec?.replicas).toBe(1);
    expect(d.metadata?.name).toMatch(/^lg-/);
    expect(pod.containers[0]!.args).toEqual([
      "server",
      "-data-dir",
      "/tmp",
      "-grpc-port",
      "disabled",
      "-loglevel",
      "warning",
    ]);
    expect(pod.containers[0]!.readinessProbe?.httpGet?.path).toBe("/fortio/");
  });

  it("keeps the load generator off the server's node, and out of the mesh when asked", () => {
    expect(
      pod.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.[0]
        ?.topologyKey,
    ).toBe("kubernetes.io/hostname");
    expect(d.spec?.template.metadata?.annotations).toEqual({
      "sidecar.istio.io/inject": "false",
      "linkerd.io/inject": "disabled",
    });
  });
});

describe("load generator placement against the target's pods", () => {
  const methodology = plain.methodology;
  const term = (avoid?: Parameters<typeof buildLoadGeneratorDeployment>[0]["avoid"]) =>
    buildLoadGeneratorDeployment({
      runId: "r",
      variant: "v",
      namespace: "ns",
      methodology,
      inMesh: false,
      avoid,
    }).spec?.template.spec?.affinity?.podAntiAffinity
      ?.requiredDuringSchedulingIgnoredDuringExecution?.[0];

  it("avoids the echo by default, the given entry pods, another namespace's Service pods", () => {
    expect(term()?.labelSelector?.matchLabels).toEqual({
      app: "echo",
      "meshbench.io/component": "target",
    });
    expect(
      term({ matchLabels: { "meshbench.io/component": "target" } })?.labelSelector?.matchLabels,
    ).toEqual({
      "meshbench.io/component": "target",
    });
    const other = term({ matchLabels: { app: "details" }, namespaces: ["bookinfo"] });
    expect(other).toMatchObject({
      namespaces: ["bookinfo"],
      labelSelector: { matchLabels: { app: "details" } },
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
    buildLoadGeneratorDeployment({ ...at, methodology: methodology(inMesh), inMesh }).spec!.template
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

  it("in: the pod inherits each mesh's namespace enrolment and keeps its REST port out of capture", () => {
    const m = pod(true);
    // The control channel: Fortio's REST port 8080, driven in plaintext through the pod proxy,
    // is never captured, so STRICT mTLS cannot refuse it (checked on a real ambient mesh).
    expect(m.annotations).toEqual({
      "traffic.sidecar.istio.io/excludeInboundPorts": "8080",
      "ambient.istio.io/bypass-inbound-capture": "true",
      "config.linkerd.io/skip-inbound-ports": "8080",
    });
    expect(
      Object.keys(m.labels ?? {}).filter((k) => k.includes("istio") || k.includes("linkerd")),
    ).toEqual([]);
    expect(describeLoadGeneratorMesh(true)).toMatch(
      /^in the mesh for every variant .*REST port 8080 stays out of capture: .*bypass-inbound-capture=true/,
    );
    expect(describeLoadGeneratorMesh(true, false)).toMatch(/^in the mesh \(/);
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
});
