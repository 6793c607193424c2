/**
 * The real-node cluster does what kwok cannot: pods run, a Service routes across nodes through
 * kube-proxy, DNS resolves, a long-lived Fortio pod is driven through the apiserver's pod proxy,
 * and the kubelet reports real container CPU/memory. Load targets only this cluster's pods and
 * Services, for 5 s.
 */
import { AppsV1Api, CoreV1Api, type KubeConfig, type V1PodSpec } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiGet } from "./api";
import { realNodeFortioImage, realNodeKubeConfig, realNodeNodes, realNodePlan } from "./context";
import { realNodeSkipped } from "./preconditions";
import { run } from "./host";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(realNodeSkipped())("real-node cluster", () => {
  let kc: KubeConfig;
  const ns = `rn-${Date.now().toString(36)}`;
  let core: CoreV1Api;
  let nodeA = "";
  let nodeB = "";
  let loadPod = "";

  const fortioSpec = (node: string, args: string[]): V1PodSpec => ({
    nodeSelector: { "kubernetes.io/hostname": node },
    containers: [
      {
        name: "fortio",
        image: realNodeFortioImage(),
        imagePullPolicy: "IfNotPresent",
        args,
        ports: [{ containerPort: 8080 }],
        readinessProbe: { httpGet: { path: "/fortio/", port: 8080 }, periodSeconds: 1 },
      },
    ],
  });
  const podsReady = async (selector: string) => {
    const pods = await core.listNamespacedPod({ namespace: ns, labelSelector: selector });
    return (
      pods.items.length > 0 &&
      pods.items.every((p) =>
        p.status?.conditions?.some((c) => c.type === "Ready" && c.status === "True"),
      )
    );
  };
  const waitFor = async (what: string, check: () => Promise<boolean>, ms = 90_000) => {
    for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(500))
      if (await check().catch(() => false)) return;
    throw new Error(`timed out waiting for ${what}`);
  };
  const proxy = (pathname: string) =>
    `/api/v1/namespaces/${ns}/pods/${loadPod}:8080/proxy${pathname}`;

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
          template: { metadata: { labels }, spec: fortioSpec(nodeA, ["server"]) },
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
        spec: fortioSpec(nodeB, ["server", "-data-dir", "/tmp"]),
      },
    });
    await waitFor(
      "echo and load pods Ready",
      async () => (await podsReady("app=echo")) && (await podsReady("app=load")),
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

  it("drives a Fortio pod on node B through the pod proxy: 200 QPS to the echo Service on node A", async () => {
    const target = `http://echo.${ns}.svc.cluster.local:8080/echo`;
    // The pods are Ready before kube-proxy has programmed the new Service (and before the DNS
    // cache knows it): wait until one request goes through Fortio's fetch proxy in the pod.
    await waitFor(
      "the echo Service to answer from node B",
      async () => {
        const fetched = await apiGet(
          kc,
          proxy(`/fortio/fetch/echo.${ns}.svc.cluster.local:8080/echo`),
        );
        return fetched.status === 200;
      },
      30_000,
    );
    const query = `url=${encodeURIComponent(target)}&qps=200&c=4&t=5s&async=on&save=on`;
    const started = await apiGet(kc, proxy(`/fortio/rest/run?${query}`));
    expect(started.status, started.body).toBe(200);
    const { ResultID: resultId } = JSON.parse(started.body) as { ResultID: string };
    await waitFor(
      "the run to finish",
      async () => {
        const status = await apiGet(kc, proxy("/fortio/rest/status"));
        const statuses =
          (JSON.parse(status.body) as { Statuses?: Record<string, unknown> }).Statuses ?? {};
        return status.status === 200 && Object.keys(statuses).length === 0;
      },
      30_000,
    );
    const data = await apiGet(kc, proxy(`/fortio/data/${resultId}.json`));
    expect(data.status, data.body).toBe(200);
    const result = JSON.parse(data.body) as {
      ActualQPS: number;
      RetCodes: Record<string, number>;
      ErrorsDurationHistogram: { Count: number };
      DurationHistogram: { Percentiles?: { Percentile: number; Value: number }[] };
    };
    const p99 = result.DurationHistogram.Percentiles?.find((p) => p.Percentile === 99)?.Value ?? 0;
    console.log(
      `[real-node] ${result.ActualQPS.toFixed(1)} of 200 QPS, ${JSON.stringify(result.RetCodes)}, p99 ${(p99 * 1000).toFixed(2)} ms`,
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
