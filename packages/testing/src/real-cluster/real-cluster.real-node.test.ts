/**
 * The real-node cluster does what kwok cannot: pods run, a Service routes across nodes through
 * kube-proxy, DNS resolves, a long-lived Fortio pod is driven through the apiserver's pod proxy,
 * and the kubelet reports real container CPU/memory. Load targets only this cluster's pods and
 * Services, for 5 s.
 */
import { AppsV1Api, CoreV1Api, type KubeConfig } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiGet } from "./api";
import {
  fetchThrough,
  fortioPodSpec,
  p99Ms,
  podsReady,
  runFortio,
  waitFor,
} from "./test-support/fortio-pods";
import { realNodeFortioImage, realNodeKubeConfig, realNodeNodes, realNodePlan } from "./context";
import { realNodeSkipped } from "./preconditions";
import { run } from "./host";
import { AGENT_PATHS } from "./configs";
import { runInNode } from "./node";
import { readdirSync } from "node:fs";

describe.skipIf(realNodeSkipped())("real-node cluster", () => {
  let kc: KubeConfig;
  const ns = `rn-${Date.now().toString(36)}`;
  let core: CoreV1Api;
  let nodeA = "";
  let nodeB = "";
  let loadPod = "";

  beforeAll(async () => {
    kc = realNodeKubeConfig();
    core = kc.makeApiClient(CoreV1Api);
    [nodeA = "", nodeB = ""] = realNodeNodes();
    await core.createNamespace({ body: { metadata: { name: ns } } });
    const labels = { app: "echo" };
    await kc.makeApiClient(AppsV1Api).createNamespacedDeployment({
      namespace: ns,
      body: {
        metadata: { name: "echo" },
        spec: {
          replicas: 1,
          selector: { matchLabels: labels },
          template: {
            metadata: { labels },
            spec: fortioPodSpec(realNodeFortioImage(), nodeA, ["server"]),
          },
        },
      },
    });
    await core.createNamespacedService({
      namespace: ns,
      body: {
        metadata: { name: "echo" },
        spec: { selector: labels, ports: [{ port: 8080, targetPort: 8080 }] },
      },
    });
    loadPod = "load";
    await core.createNamespacedPod({
      namespace: ns,
      body: {
        metadata: { name: loadPod, labels: { app: "load" } },
        spec: fortioPodSpec(realNodeFortioImage(), nodeB, ["server", "-data-dir", "/tmp"]),
      },
    });
    await waitFor(
      "echo and load pods Ready",
      async () => (await podsReady(kc, ns, "app=echo")) && (await podsReady(kc, ns, "app=load")),
    );
  });

  afterAll(async () => {
    await core?.deleteNamespace({ name: ns }).catch(() => undefined);
  });

  it("has 2 Ready nodes, each in its own network namespace, the root one routing no pod subnet", async () => {
    const nodes = await core.listNode();
    expect(nodes.items.map((n) => n.metadata?.name).sort()).toEqual([nodeA, nodeB].sort());
    for (const n of nodes.items)
      expect(n.status?.conditions?.find((c) => c.type === "Ready")?.status).toBe("True");
    const plan = realNodePlan();
    const netns = run(["ip", "netns", "list"]);
    for (const n of [plan.controlPlane, ...plan.nodes]) expect(netns).toContain(n.netns);
    const routes = run(["ip", "route", "show"]);
    for (const n of plan.nodes) expect(routes).not.toContain(n.podCidr.split("/")[0]);
  });

  it("gives each node its own init, PID 1 in the node's network namespace, and its own machine paths", () => {
    const plan = realNodePlan();
    const inodes = new Set<string>();
    for (const node of plan.nodes) {
      const netnsInode = run(["stat", "-L", "-c", "%i", `/run/netns/${node.netns}`]).trim();
      // What istio-cni reads to tell the node's network from a pod's: /proc/1/ns/net.
      expect(runInNode(node, "readlink", ["/proc/1/ns/net"]).trim()).toBe(`net:[${netnsInode}]`);
      expect(runInNode(node, "cat", ["/proc/1/cmdline"])).toContain(node.dir);
      const processes = runInNode(node, "ps", ["-e", "-o", "comm="]).split("\n");
      for (const daemon of ["containerd", "kubelet", "kube-proxy"])
        expect(processes).toContain(daemon);
      // The node's /etc/cni/net.d is its own: the bridge config the harness wrote for it.
      const conf = runInNode(node, "cat", ["/etc/cni/net.d/10-bridge.conflist"]);
      expect(JSON.parse(conf)).toMatchObject({ name: node.name });
      expect(runInNode(node, "ls", ["/opt/cni/bin"])).toContain("bridge");
      inodes.add(runInNode(node, "stat", ["-c", "%i", "/run/ztunnel"]).trim());
    }
    expect(inodes.size).toBe(plan.nodes.length);
    // The machine's own copies stay empty mount points.
    for (const dir of AGENT_PATHS) expect(readdirSync(dir), dir).toEqual([]);
  });

  it("drives a Fortio pod on node B through the pod proxy: 200 QPS to the echo Service on node A", async () => {
    // The pods are Ready before kube-proxy has programmed the new Service (and before the DNS
    // cache knows it): wait until one request goes through Fortio's fetch proxy in the pod.
    await waitFor(
      "the echo Service to answer from node B",
      async () =>
        (await fetchThrough(kc, ns, loadPod, `echo.${ns}.svc.cluster.local:8080/echo`)) === 200,
      30_000,
    );
    const result = await runFortio(kc, ns, loadPod, {
      url: `http://echo.${ns}.svc.cluster.local:8080/echo`,
      qps: 200,
      connections: 4,
      seconds: 5,
    });
    console.log(
      `[real-node] ${result.ActualQPS.toFixed(1)} of 200 QPS, ${JSON.stringify(result.RetCodes)}, p99 ${p99Ms(result).toFixed(2)} ms`,
    );
    expect(Math.abs(result.ActualQPS - 200) / 200).toBeLessThan(0.02);
    expect(Object.keys(result.RetCodes), JSON.stringify(result.RetCodes)).toEqual(["200"]);
    expect(result.RetCodes["200"]).toBeGreaterThan(950); // 5 s at 200 QPS
    expect(result.ErrorsDurationHistogram.Count).toBe(0);
  });

  it("serves real container CPU and memory through the node proxy", async () => {
    const sample = async (node: string, pod: (name: string) => boolean) => {
      const res = await apiGet(kc, `/api/v1/nodes/${node}/proxy/metrics/resource`);
      expect(res.status, res.body).toBe(200);
      const value = (metric: string) =>
        res.body
          .split("\n")
          .filter((l) => l.startsWith(`${metric}{`) && l.includes(`namespace="${ns}"`))
          .filter((l) => pod(/pod="([^"]+)"/.exec(l)?.[1] ?? ""))
          .map((l) => Number(l.split(" ")[1]));
      return {
        cpu: value("container_cpu_usage_seconds_total"),
        mem: value("container_memory_working_set_bytes"),
      };
    };
    const echo = await sample(nodeA, (p) => p.startsWith("echo-"));
    const load = await sample(nodeB, (p) => p === loadPod);
    for (const s of [echo, load]) {
      expect(s.cpu.length).toBe(1);
      expect(s.cpu[0]).toBeGreaterThan(0);
      expect(s.mem[0]).toBeGreaterThan(0);
    }
  });
});
