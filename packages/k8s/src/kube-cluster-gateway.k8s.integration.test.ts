import { AppsV1Api, CoreV1Api, RbacAuthorizationV1Api } from "@kubernetes/client-node";
import { ZBenchmarkDefinition, ZVariant } from "@meshbench/contracts";
import {
  kwokGet,
  testKubeConfig,
  testKubeconfig,
  testUserKubeconfig,
} from "@meshbench/testing/k8s";
import { describe, expect, it } from "vitest";
import { KubeClusterGateway } from "./kube-cluster-gateway";
import { loadGeneratorCpuRoom, targetCpuLimit } from "./steps/cpu-room";
import { deployLoadGenerator, waitForLoadGenerator } from "./steps/load-generator";
import { ensureNamespace } from "./steps/namespaces";
import { deployTarget, waitForTarget } from "./steps/targets";
import { testConnection, testKube, testLoadGenerators } from "./test-support/test-cluster";
import { parseCpuQuantity, parseResourceMetrics } from "./usage/resource-metrics";

const admin = () => new KubeClusterGateway(testConnection(), { pollMs: 200 });

describe("KubeClusterGateway against a real apiserver with kwok", () => {
  it("validates the cluster: version, nodes with zones, every permission granted", async () => {
    const report = await admin().validate();
    expect(report).toMatchObject({
      reachable: true,
      serverVersion: "v1.32.4",
      error: null,
      missing: [],
    });
    expect(report.nodes).toMatchObject({
      count: 3,
      cpuMillicores: 24_000,
      zones: ["zone-a", "zone-b"],
    });
    expect(report.permissions.every((p) => p.allowed)).toBe(true);
  });

  it("reports what a user with too few permissions is missing", async () => {
    const rbac = testKubeConfig().makeApiClient(RbacAuthorizationV1Api);
    await rbac.createClusterRole({
      body: {
        metadata: { name: "mb-test-readonly" },
        rules: [
          { apiGroups: [""], resources: ["namespaces", "nodes", "pods"], verbs: ["get", "list"] },
        ],
      },
    });
    await rbac.createClusterRoleBinding({
      body: {
        metadata: { name: "mb-test-readonly" },
        roleRef: {
          apiGroup: "rbac.authorization.k8s.io",
          kind: "ClusterRole",
          name: "mb-test-readonly",
        },
        subjects: [{ apiGroup: "rbac.authorization.k8s.io", kind: "User", name: "readonly" }],
      },
    });
    const limited = new KubeClusterGateway(testConnection(testUserKubeconfig("readonly")));
    const report = await limited.validate();
    expect(report.reachable).toBe(true);
    expect(report.missing).toContain(
      "get pods/proxy: read the Fortio load generator's REST API (status, result, stop)",
    );
    expect(report.missing).toContain(
      "create pods/proxy: start Fortio runs (a POST: the run's options and request headers in its body)",
    );
    expect(report.missing).toContain("create namespaces: create one namespace per variant");
    expect(report.missing).not.toContain("list nodes: node inventory and placement");
    expect(report.nodes?.count).toBe(3);
  });

  it("reports an unreachable cluster without throwing", async () => {
    const text = testKubeconfig().replace(
      /server: https:\/\/127\.0\.0\.1:\d+/,
      "server: https://127.0.0.1:1",
    );
    const report = await new KubeClusterGateway(testConnection(text)).validate();
    expect(report).toMatchObject({ reachable: false, serverVersion: null });
    expect(report.error).toMatch(/^unreachable/);
  });

  it("detects a fake istiod Deployment and ztunnel DaemonSet with versions from their images", async () => {
    const kc = testKubeConfig();
    const core = kc.makeApiClient(CoreV1Api);
    const apps = kc.makeApiClient(AppsV1Api);
    await core.createNamespace({ body: { metadata: { name: "istio-system" } } });
    const labels = { app: "istiod" };
    await apps.createNamespacedDeployment({
      namespace: "istio-system",
      body: {
        metadata: { name: "istiod", labels },
        spec: {
          selector: { matchLabels: labels },
          template: {
            metadata: { labels },
            spec: { containers: [{ name: "discovery", image: "docker.io/istio/pilot:1.24.2" }] },
          },
        },
      },
    });
    const zl = { app: "ztunnel" };
    await apps.createNamespacedDaemonSet({
      namespace: "istio-system",
      body: {
        metadata: { name: "ztunnel", labels: zl },
        spec: {
          selector: { matchLabels: zl },
          template: {
            metadata: { labels: zl },
            spec: {
              containers: [
                { name: "istio-proxy", image: "docker.io/istio/ztunnel:1.24.2-distroless" },
              ],
            },
          },
        },
      },
    });
    const d = await admin().detectMeshes({ prometheusUrl: null });
    expect(d.istio.istiod).toEqual({
      found: true,
      version: "1.24.2",
      namespace: "istio-system",
      name: "istiod",
    });
    expect(d.istio.ztunnel).toMatchObject({ found: true, version: "1.24.2-distroless" });
    expect(d.variants["istio-sidecar"]?.available).toBe(true);
    expect(d.variants["istio-ambient"]).toMatchObject({ available: false });
    expect(d.variants["istio-ambient"]?.needs).toContain("istio-cni");
    expect(d.linkerd.controlPlane.found).toBe(false);
    expect(d.metricsServer.available).toBe(false);
  });

  // Trials themselves (Fortio's REST API through the pod proxy) need running containers: they
  // are proven on real nodes (apps/worker/src/worker.real-node.test.ts). kwok proves the objects.
  it("creates the variant's namespace, target and load generator idempotently, samples usage, cleans up", async () => {
    const gw = admin();
    const k = testKube();
    const runId = "gwtest1";
    const def = ZBenchmarkDefinition.parse({
      key: "k",
      name: "n",
      target: { kind: "fortio-echo", replicas: 1 },
      variants: [{ name: "baseline", mesh: "baseline" }],
      loadMatrix: { qps: [100], connections: [1] },
      repetitions: 1,
      durationSeconds: 1,
      warmupSeconds: 0,
    });
    try {
      const variant = ZVariant.parse({ name: "baseline", mesh: "baseline" });
      const ns = await ensureNamespace(k, runId, variant);
      expect(await ensureNamespace(k, runId, variant)).toBe(ns);
      if (def.target.kind !== "fortio-echo") throw new Error("unreachable");
      await deployTarget(k, {
        runId,
        variant: "baseline",
        namespace: ns,
        target: def.target,
        methodology: def.methodology,
      });
      const pods = await waitForTarget(k, ns, { timeoutMs: 30_000 });
      expect(pods).toHaveLength(1);
      const lg = {
        runId,
        variant: "baseline",
        namespace: ns,
        methodology: def.methodology,
        inMesh: false,
      };
      await deployLoadGenerator(k, lg);
      await deployLoadGenerator(k, lg);
      const server = await waitForLoadGenerator(k, testLoadGenerators(k), ns, {
        timeoutMs: 30_000,
      });
      expect(server.pod).toMatch(/^lg-fortio-/);
      // No CPU limit in this definition: the ceiling is the allocatable CPU of its kwok node,
      // and the target's own CPU saturation is not judged (its echo pod is unlimited).
      const room = await loadGeneratorCpuRoom(k, ns, server.pod);
      expect(room.cpuLimitMillicores).toBeNull();
      expect(await targetCpuLimit(k, ns)).toBeNull();
      const lgPod = await k.apis.core.readNamespacedPod({ name: server.pod, namespace: ns });
      const node = await k.apis.core.readNode({ name: lgPod.spec!.nodeName! });
      expect(room.nodeAllocatableMillicores).toBe(
        parseCpuQuantity(node.status!.allocatable!["cpu"]!),
      );
      expect(room.nodeAllocatableMillicores).toBeGreaterThan(0);
      // The apiserver refuses to proxy to a loopback node address (kwok's), so the node-proxy
      // path degrades to "no samples"; kwok's emulated endpoint is checked directly below.
      await expect(gw.sampleUsage([ns], { controlPlaneNamespaces: [] })).rejects.toThrow(
        /address not allowed/,
      );
      expect(await gw.sampleUsage([ns], { controlPlaneNamespaces: [] })).toEqual([]);
      // kwok adds a pod to its emulated endpoint shortly after it starts running: poll briefly.
      let echo: ReturnType<typeof parseResourceMetrics>[number] | undefined;
      // Memory appears first; the CPU counter can lag one emulation tick behind (seen as null).
      const complete = () => !!echo?.memoryBytes && typeof echo.cpuSecondsTotal === "number";
      for (let i = 0; i < 50 && !complete(); i++) {
        const metrics = await kwokGet(`/metrics/nodes/${pods[0]!.nodeName}/metrics/resource`);
        echo = parseResourceMetrics(metrics, Date.now()).find(
          (r) => r.namespace === ns && r.container === "echo",
        );
        if (!complete()) await new Promise((r) => setTimeout(r, 200));
      }
      expect(echo).toMatchObject({ memoryBytes: 16 * 1024 * 1024 });
      expect(echo?.cpuSecondsTotal).toBeGreaterThanOrEqual(0);
      expect(await gw.listRunNamespaces()).toContainEqual({ namespace: ns, runId });
    } finally {
      expect(await gw.cleanup(runId)).toEqual([`mb-${runId}-baseline`]);
    }
  });

  it("reads the load generator's and the target's CPU limits off their admitted pods", async () => {
    const gw = admin();
    const k = testKube();
    const runId = "gwcpu1";
    const def = ZBenchmarkDefinition.parse({
      key: "k",
      name: "n",
      target: {
        kind: "fortio-echo",
        replicas: 2,
        resources: { limits: { cpu: "500m", memory: "64Mi" } },
      },
      variants: [{ name: "baseline", mesh: "baseline" }],
      loadMatrix: { qps: [100], connections: [1] },
      methodology: { loadGeneratorResources: { limits: { cpu: "250m", memory: "64Mi" } } },
    });
    try {
      const ns = await ensureNamespace(k, runId, ZVariant.parse(def.variants[0]));
      if (def.target.kind !== "fortio-echo") throw new Error("unreachable");
      await deployTarget(k, {
        runId,
        variant: "baseline",
        namespace: ns,
        target: def.target,
        methodology: def.methodology,
      });
      await waitForTarget(k, ns, { timeoutMs: 30_000 });
      await deployLoadGenerator(k, {
        runId,
        variant: "baseline",
        namespace: ns,
        methodology: def.methodology,
        inMesh: false,
      });
      const server = await waitForLoadGenerator(k, testLoadGenerators(k), ns, {
        timeoutMs: 30_000,
      });
      const room = await loadGeneratorCpuRoom(k, ns, server.pod);
      expect(room.cpuLimitMillicores).toBe(250);
      expect(room.nodeAllocatableMillicores).toBeGreaterThan(0);
      // Two echo replicas at 500m each; the load generator's pod is not the target's.
      expect(await targetCpuLimit(k, ns)).toBe(1000);
    } finally {
      await gw.cleanup(runId);
    }
  });
});
