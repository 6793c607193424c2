/**
 * The path check's discovery against a real apiserver (kwok): which proxies' counters are read
 * for a variant — ztunnel DaemonSet pods on the load generator's and the target's nodes, the
 * variant's waypoint pods, the istio-proxy containers of sidecar pods — found from real objects.
 * kwok runs no container and the apiserver refuses to proxy to its loopback nodes, so the scrape
 * itself is injected here: fake mesh components whose counters (text in the proxies' own shape,
 * with the labels discovery chose) rise by the trial's traffic, do not move, or rise by 10%.
 * Reading real proxies through the pod proxy is proven on the real mesh
 * (apps/worker/src/path-check.real-mesh.test.ts).
 */
import { AppsV1Api, CoreV1Api } from "@kubernetes/client-node";
import { type TBenchmarkDefinition, ZBenchmarkDefinition } from "@meshbench/contracts";
import { judgePath, resolveTopology } from "@meshbench/core";
import { startSidecarInjector, testKubeConfig } from "@meshbench/testing/k8s";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detectMeshes } from "../cluster/detection";
import { GATEWAY_NAME_LABEL } from "../manifests/labels";
import { ensureNamespace, cleanup } from "../steps/namespaces";
import { waitForDeployment } from "../steps/pods";
import { deployLoadGenerator } from "../steps/load-generator";
import { deployTarget, waitForTarget } from "../steps/targets";
import { testKube } from "../test-support/test-cluster";
import { discoverPath, type MetricsEndpoint } from "./discovery";
import { readPathCounters } from "./read-path";

const kc = testKubeConfig();
const core = kc.makeApiClient(CoreV1Api);
const apps = kc.makeApiClient(AppsV1Api);
const MESH_NS = "mbpath-mesh";
const wait = { timeoutMs: 60_000 };
const meshes = detectMeshes({
  workloads: [
    {
      kind: "DaemonSet",
      namespace: MESH_NS,
      name: "ztunnel",
      labels: {},
      images: ["istio/ztunnel:1.31"],
    },
    {
      kind: "Deployment",
      namespace: MESH_NS,
      name: "istiod",
      labels: {},
      images: ["istio/pilot:1.31"],
    },
  ],
  namespaces: [],
  metricsServer: false,
  prometheusUrl: null,
  now: new Date(),
});

function definition(variant: Record<string, unknown>): TBenchmarkDefinition {
  return ZBenchmarkDefinition.parse({
    key: "k",
    name: "n",
    target: { kind: "fortio-echo" },
    variants: [variant],
    loadMatrix: { qps: [200], connections: [4] },
    methodology: { loadGeneratorInMesh: true },
  });
}

/** The variant's namespace, echo target and load generator (in the mesh), as prepareVariant makes them. */
async function prepared(runId: string, def: TBenchmarkDefinition) {
  const k = testKube();
  const v = def.variants[0]!;
  const namespace = await ensureNamespace(k, runId, v);
  if (def.target.kind !== "fortio-echo") throw new Error("unreachable");
  await deployTarget(k, {
    runId,
    variant: v.name,
    namespace,
    target: def.target,
    methodology: def.methodology,
  });
  await deployLoadGenerator(k, {
    runId,
    variant: v.name,
    namespace,
    methodology: def.methodology,
    inMesh: true,
  });
  const [echo] = await waitForTarget(k, namespace, wait);
  await waitForDeployment(k, namespace, "lg-fortio", wait);
  const lg = (
    await core.listNamespacedPod({
      namespace,
      labelSelector: "meshbench.io/component=load-generator",
    })
  ).items[0]!;
  return { k, namespace, v, echoNode: echo!.nodeName!, lg };
}

const ztunnelText = (
  ns: string,
  reporter: "source" | "destination",
  bytes: number,
  connections: number,
) => {
  const labels = `reporter="${reporter}",source_workload="lg-fortio",source_workload_namespace="${ns}",destination_workload="echo",destination_workload_namespace="${ns}",connection_security_policy="mutual_tls"`;
  return [
    "# TYPE istio_tcp_connections_opened counter",
    `istio_tcp_connections_opened_total{${labels}} ${connections}`,
    "# TYPE istio_tcp_sent_bytes counter",
    `istio_tcp_sent_bytes_total{${labels}} ${bytes}`,
    "# EOF",
  ].join("\n");
};

describe("path check discovery on a real apiserver, with fake mesh components", () => {
  let ztunnelPods: { name: string; node: string }[] = [];

  beforeAll(async () => {
    await core.createNamespace({ body: { metadata: { name: MESH_NS } } });
    const labels = { app: "fake-ztunnel" };
    await apps.createNamespacedDaemonSet({
      namespace: MESH_NS,
      body: {
        metadata: { name: "ztunnel", labels },
        spec: {
          selector: { matchLabels: labels },
          template: {
            metadata: { labels },
            spec: { containers: [{ name: "istio-proxy", image: "istio/ztunnel:1.31" }] },
          },
        },
      },
    });
    // The DaemonSet controller puts one pod on each kwok node.
    for (let i = 0; i < 150; i++) {
      const pods = await core.listNamespacedPod({
        namespace: MESH_NS,
        labelSelector: "app=fake-ztunnel",
      });
      ztunnelPods = pods.items
        .filter((p) => p.spec?.nodeName)
        .map((p) => ({ name: p.metadata!.name!, node: p.spec!.nodeName! }));
      if (ztunnelPods.length >= 3) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(ztunnelPods.length).toBeGreaterThanOrEqual(3);
  });
  afterAll(async () => {
    await core.deleteNamespace({ name: MESH_NS }).catch(() => undefined);
  });

  it("ambient: scrapes the ztunnels of the load generator's and the target's nodes and the waypoint's pods; judges fake counters", async () => {
    const runId = "pathamb";
    const def = definition({ name: "ambient", mesh: "istio-ambient", waypoint: "wp" });
    try {
      const { k, namespace, v, echoNode, lg } = await prepared(runId, def);
      const wpLabels = { [GATEWAY_NAME_LABEL]: "wp" };
      await apps.createNamespacedDeployment({
        namespace,
        body: {
          metadata: { name: "wp" },
          spec: {
            replicas: 1,
            selector: { matchLabels: wpLabels },
            template: {
              metadata: { labels: wpLabels },
              spec: { containers: [{ name: "istio-proxy", image: "istio/proxyv2:1.31" }] },
            },
          },
        },
      });
      await waitForDeployment(k, namespace, "wp", wait);
      const probe = (await discoverPath(k, { namespace, variant: v, definition: def, meshes }))!;
      const at = (node: string) => ztunnelPods.find((z) => z.node === node)!.name;
      const lgNode = lg.spec!.nodeName!;
      expect(lgNode).not.toBe(echoNode);
      const hop = (name: string) => probe.hops.find((h) => h.hop === name)!;
      expect(hop("client-proxy")).toEqual({
        hop: "client-proxy",
        endpoints: [
          {
            namespace: MESH_NS,
            pod: at(lgNode),
            port: 15020,
            path: "/metrics",
            what: `ztunnel on node ${lgNode}: ${at(lgNode)}`,
          },
        ],
        reader: {
          proxy: "ztunnel",
          match: {
            reporter: "source",
            source_workload_namespace: namespace,
            source_workload: "lg-fortio",
          },
        },
      });
      expect(hop("server-proxy")).toMatchObject({
        endpoints: [{ namespace: MESH_NS, pod: at(echoNode), port: 15020, path: "/metrics" }],
        reader: {
          proxy: "ztunnel",
          match: {
            reporter: "destination",
            destination_workload_namespace: namespace,
            destination_workload: "echo",
          },
        },
      });
      expect(hop("waypoint")).toMatchObject({
        endpoints: [{ namespace, port: 15020, path: "/stats/prometheus" }],
        reader: { proxy: "envoy", match: { reporter: "waypoint", destination_workload: "echo" } },
      });

      // Fake components: each ztunnel answers for its node, the waypoint for itself.
      const sent = { protocol: "http1" as const, requests: 600, responseBytes: 45_000 };
      const scrapeAt = (share: number) => (e: MetricsEndpoint) => {
        const bytes = sent.responseBytes * share;
        const connections = share > 0 ? 4 : 0;
        if (e.pod === at(lgNode))
          return Promise.resolve(ztunnelText(namespace, "source", bytes, connections));
        if (e.pod === at(echoNode))
          return Promise.resolve(ztunnelText(namespace, "destination", bytes, connections));
        const labels = `reporter="waypoint",destination_workload="echo",destination_workload_namespace="${namespace}",connection_security_policy="mutual_tls"`;
        return Promise.resolve(`istio_requests_total{${labels}} ${sent.requests * share}\n`);
      };
      const judged = async (share: number) => {
        const before = await readPathCounters(probe, scrapeAt(0));
        const after = await readPathCounters(probe, scrapeAt(share));
        return judgePath({
          mesh: v.mesh,
          topology: resolveTopology(v, def.methodology),
          before,
          after,
          sent,
        });
      };
      expect((await judged(1)).status).toBe("verified");
      const still = await judged(0);
      expect(still.status).toBe("not_verified");
      expect(still.summary).toMatch(
        /^traffic did not take the declared path: ztunnel \(client side\) counted 0 connections/,
      );
      const tenth = await judged(0.1);
      expect(tenth.status).toBe("not_verified");
      expect(tenth.hops.map((h) => [h.hop, h.status])).toEqual([
        ["client-proxy", "not_verified"],
        ["waypoint", "not_verified"],
        ["server-proxy", "not_verified"],
      ]);
      // A proxy that answers with an error leaves the hop unchecked, with its reason.
      const failing = await readPathCounters(probe, (e) =>
        e.pod === at(echoNode)
          ? Promise.reject(new Error(`${e.what} answered HTTP 503`))
          : scrapeAt(1)(e),
      );
      expect(failing["server-proxy"]).toEqual({
        unreadable: `ztunnel on node ${echoNode}: ${at(echoNode)} answered HTTP 503`,
      });
    } finally {
      await cleanup(testKube(), runId);
    }
  });

  it("sidecar: the load generator's and the target's istio-proxy containers (an injector admits them)", async () => {
    const injector = await startSidecarInjector("mbpath-injector");
    const runId = "pathsc";
    const def = definition({ name: "sidecar", mesh: "istio-sidecar" });
    try {
      const { k, namespace, v, lg } = await prepared(runId, def);
      expect(lg.spec?.containers.map((c) => c.name)).toEqual(["fortio", "istio-proxy"]);
      const probe = (await discoverPath(k, { namespace, variant: v, definition: def, meshes }))!;
      const echo = (
        await core.listNamespacedPod({ namespace, labelSelector: "meshbench.io/component=target" })
      ).items[0]!;
      expect(probe.hops).toEqual([
        {
          hop: "client-proxy",
          endpoints: [
            {
              namespace,
              pod: lg.metadata!.name!,
              port: 15020,
              path: "/stats/prometheus",
              what: `istio-proxy of ${lg.metadata!.name!}`,
            },
          ],
          reader: {
            proxy: "envoy",
            mtlsReported: false,
            match: {
              reporter: "source",
              source_workload_namespace: namespace,
              source_workload: "lg-fortio",
            },
          },
        },
        {
          hop: "server-proxy",
          endpoints: [
            {
              namespace,
              pod: echo.metadata!.name!,
              port: 15020,
              path: "/stats/prometheus",
              what: `istio-proxy of ${echo.metadata!.name!}`,
            },
          ],
          reader: {
            proxy: "envoy",
            mtlsReported: true,
            match: {
              reporter: "destination",
              destination_workload_namespace: namespace,
              destination_workload: "echo",
            },
          },
        },
      ]);
      // No mesh on the path: nothing to discover.
      const none = definition({ name: "no-mesh", mesh: "baseline" });
      expect(
        await discoverPath(k, { namespace, variant: none.variants[0]!, definition: none, meshes }),
      ).toBeNull();
    } finally {
      await cleanup(testKube(), runId);
      await injector.stop();
    }
  });
});
