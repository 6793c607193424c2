/**
 * Istio ambient on a real node, checked by the harness (not yet through the product: see the
 * real-mesh section of ARCHITECTURE.md): pods of a namespace labelled
 * istio.io/dataplane-mode=ambient are enrolled by istio-cni, their traffic goes through ztunnel
 * with mutual TLS (ztunnel's own counters say so), STRICT mTLS holds, a pod opted out with
 * dataplane-mode=none bypasses ztunnel, and a deleted pod leaves nothing on the node. Load goes
 * only to this cluster's pods, for a few seconds at a time.
 */
import {
  AdmissionregistrationV1Api,
  AppsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  type KubeConfig,
  type V1PodSpec,
} from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { realMesh, realNodeFortioImage, realNodeKubeConfig, realNodePlan } from "../context";
import {
  fetchThrough,
  fortioPodSpec,
  p99Ms,
  podsReady,
  runFortio,
  waitFor,
} from "../test-support/fortio-pods";
import { readdirSync } from "node:fs";
import { nodeRootPath } from "../configs";
import { machineMeshTraces } from "./leftovers";
import { scrapeZtunnels, type Series, sum } from "../test-support/ztunnel-metrics";

const OPENED = "istio_tcp_connections_opened_total";
const RECEIVED = "istio_tcp_received_bytes_total";
const MTLS = { connection_security_policy: "mutual_tls" };

describe("Istio ambient on a real node (harness checks)", () => {
  const ns = `amb-${Date.now().toString(36)}`;
  let kc: KubeConfig;
  let core: CoreV1Api;
  let node = "";
  const echoHost = `echo.${ns}.svc.cluster.local:8080`;
  const optoutHost = `optout-echo.${ns}.svc.cluster.local:8080`;
  const spec = (args: string[]): V1PodSpec => fortioPodSpec(realNodeFortioImage(), node, args);
  const scrape = () => scrapeZtunnels(kc, realMesh().namespace);
  /** Counter growth between two scrapes, for the series matching `match`. */
  const grew = (before: Series[], after: Series[], name: string, match: Record<string, string>) =>
    sum(after, name, match) - sum(before, name, match);
  const enrolled = async (selector: string) => {
    const pods = await core.listNamespacedPod({ namespace: ns, labelSelector: selector });
    return pods.items.map((p) => p.metadata?.annotations?.["ambient.istio.io/redirection"]);
  };

  beforeAll(async () => {
    kc = realNodeKubeConfig();
    core = kc.makeApiClient(CoreV1Api);
    node = realNodePlan().nodes[0]!.name;
    // A benchmark-like namespace: enrolled in ambient, and held to the baseline Pod Security
    // level (ambient needs nothing privileged in the workload's namespace).
    await core.createNamespace({
      body: {
        metadata: {
          name: ns,
          labels: {
            "istio.io/dataplane-mode": "ambient",
            "pod-security.kubernetes.io/enforce": "baseline",
          },
        },
      },
    });
    const apps = kc.makeApiClient(AppsV1Api);
    for (const [name, extra] of [
      ["echo", {}],
      ["optout-echo", { "istio.io/dataplane-mode": "none" }],
    ] as const) {
      const labels = { app: name };
      await apps.createNamespacedDeployment({
        namespace: ns,
        body: {
          metadata: { name },
          spec: {
            replicas: 1,
            selector: { matchLabels: labels },
            template: { metadata: { labels: { ...labels, ...extra } }, spec: spec(["server"]) },
          },
        },
      });
      await core.createNamespacedService({
        namespace: ns,
        body: {
          metadata: { name },
          spec: { selector: labels, ports: [{ name: "http", port: 8080, targetPort: 8080 }] },
        },
      });
    }
    // Load pods: `load` in the mesh, `bypass` opted out of it.
    for (const [name, extra] of [
      ["load", {}],
      ["bypass", { "istio.io/dataplane-mode": "none" }],
    ] as const)
      await core.createNamespacedPod({
        namespace: ns,
        body: {
          metadata: { name, labels: { app: name, ...extra } },
          spec: spec(["server", "-data-dir", "/tmp"]),
        },
      });
    await waitFor("the test pods Ready", async () => {
      for (const app of ["echo", "optout-echo", "load", "bypass"])
        if (!(await podsReady(kc, ns, `app=${app}`))) return false;
      return true;
    });
    await waitFor(
      "the echo Service to answer the meshed client",
      async () => (await fetchThrough(kc, ns, "load", `${echoHost}/echo`)) === 200,
      60_000,
    );
  });

  afterAll(async () => {
    await core?.deleteNamespace({ name: ns }).catch(() => undefined);
  });

  it("enrols the namespace's pods in ambient, and not the ones opted out", async () => {
    expect(await enrolled("app in (echo,load)")).toEqual(["enabled", "enabled"]);
    expect(await enrolled("app in (optout-echo,bypass)")).toEqual([undefined, undefined]);
  });

  it("has istiod's validation webhook reachable from the apiserver: fail-closed, rejecting invalid config", async () => {
    const name = `istio-validator-${realMesh().namespace}`;
    const admission = kc.makeApiClient(AdmissionregistrationV1Api);
    // istiod turns its webhook to Fail only once a dry-run of invalid config comes back denied.
    await waitFor(
      "istiod to make its validation webhook fail-closed",
      async () =>
        (await admission.readValidatingWebhookConfiguration({ name })).webhooks?.every(
          (w) => w.failurePolicy === "Fail",
        ) ?? false,
      120_000,
    );
    const invalid = kc.makeApiClient(CustomObjectsApi).createNamespacedCustomObject({
      group: "networking.istio.io",
      version: "v1",
      namespace: ns,
      plural: "gateways",
      dryRun: "All",
      body: {
        apiVersion: "networking.istio.io/v1",
        kind: "Gateway",
        metadata: {
          name: "invalid",
          labels: { "istio.io/rev": "default" },
          annotations: { "internal.istio.io/webhook-always-reject": "true" },
        },
        spec: { servers: [{ port: { number: 80, name: "http", protocol: "HTTP" }, hosts: ["*"] }] },
      },
    });
    await expect(invalid).rejects.toThrow(/denied the request/);
  });

  it("carries a meshed client's traffic through ztunnel with mTLS, as ztunnel's counters show", async () => {
    const before = await scrape();
    const result = await runFortio(kc, ns, "load", {
      url: `http://${echoHost}/echo`,
      qps: 200,
      connections: 2,
      seconds: 3,
    });
    expect(Object.keys(result.RetCodes)).toEqual(["200"]);
    expect(result.RetCodes["200"]).toBeGreaterThan(550);
    const path = { source_workload: "load", destination_workload: "echo", ...MTLS };
    let after: Series[] = [];
    // ztunnel counts a connection's bytes as it goes and when it closes: read until they show.
    await waitFor(
      "ztunnel's counters to show the run",
      async () => {
        after = await scrape();
        return grew(before, after, RECEIVED, { ...path, reporter: "destination" }) > 50 * 550;
      },
      20_000,
    );
    for (const reporter of ["source", "destination"])
      expect(
        grew(before, after, OPENED, { ...path, reporter }),
        `${reporter} connections`,
      ).toBeGreaterThanOrEqual(2);
    const peer = after.find((s) => s.name === OPENED && s.labels.source_workload === "load");
    expect(peer?.labels.source_principal).toBe(`spiffe://cluster.local/ns/${ns}/sa/default`);
    console.log(
      `[real-mesh] load → echo through ztunnel: ${result.ActualQPS.toFixed(1)} QPS, p99 ${p99Ms(result).toFixed(2)} ms, ` +
        `${grew(before, after, OPENED, { ...path, reporter: "destination" })} mTLS connections`,
    );
  });

  it("lets a pod with dataplane-mode=none bypass ztunnel: its traffic moves no mTLS counter", async () => {
    const before = await scrape();
    const bypassed = await runFortio(kc, ns, "bypass", {
      url: `http://${echoHost}/echo`,
      qps: 100,
      connections: 1,
      seconds: 2,
    });
    expect(Object.keys(bypassed.RetCodes)).toEqual(["200"]);
    // And a meshed client to an opted-out target: ztunnel carries it, but without mTLS.
    const toOptout = await runFortio(kc, ns, "load", {
      url: `http://${optoutHost}/echo`,
      qps: 100,
      connections: 1,
      seconds: 2,
    });
    expect(Object.keys(toOptout.RetCodes)).toEqual(["200"]);
    let after: Series[] = [];
    await waitFor(
      "ztunnel's counters to show the meshed client's run",
      async () => {
        after = await scrape();
        return grew(before, after, OPENED, { source_workload: "load" }) >= 1;
      },
      20_000,
    );
    // The opted-out pod's own traffic never entered a ztunnel as outbound: nothing reported by
    // a source ztunnel, and nothing anywhere with mTLS.
    expect(grew(before, after, OPENED, { source_workload: "bypass", reporter: "source" })).toBe(0);
    expect(grew(before, after, OPENED, { source_workload: "bypass", ...MTLS })).toBe(0);
    expect(grew(before, after, OPENED, { source_workload: "load", ...MTLS })).toBe(0);
    expect(grew(before, after, OPENED, { destination_workload: "optout-echo", ...MTLS })).toBe(0);
  });

  it("keeps serving a meshed client under STRICT mTLS scoped to the server, and refuses plaintext", async () => {
    await kc.makeApiClient(CustomObjectsApi).createNamespacedCustomObject({
      group: "security.istio.io",
      version: "v1",
      namespace: ns,
      plural: "peerauthentications",
      body: {
        apiVersion: "security.istio.io/v1",
        kind: "PeerAuthentication",
        metadata: { name: "echo-strict" },
        spec: { selector: { matchLabels: { app: "echo" } }, mtls: { mode: "STRICT" } },
      },
    });
    // In force once ztunnel has it: the opted-out pod's plaintext is refused.
    await waitFor(
      "STRICT to refuse plaintext from outside the mesh",
      async () => (await fetchThrough(kc, ns, "bypass", `${echoHost}/echo`)) !== 200,
      60_000,
    );
    const before = await scrape();
    const result = await runFortio(kc, ns, "load", {
      url: `http://${echoHost}/echo`,
      qps: 200,
      connections: 2,
      seconds: 3,
    });
    expect(Object.keys(result.RetCodes)).toEqual(["200"]);
    expect(result.ErrorsDurationHistogram.Count).toBe(0);
    await waitFor(
      "the STRICT run's mTLS connections in ztunnel's counters",
      async () =>
        grew(before, await scrape(), OPENED, {
          source_workload: "load",
          destination_workload: "echo",
          reporter: "destination",
          ...MTLS,
        }) >= 2,
      20_000,
    );
  });

  it("leaves no network namespace and no mesh trace behind when an ambient pod is deleted", async () => {
    const plan = realNodePlan();
    const netnsDir = nodeRootPath(plan.nodes[0]!, "/run/netns");
    const netnsCount = () => readdirSync(netnsDir).length;
    const before = netnsCount();
    await core.createNamespacedPod({
      namespace: ns,
      body: { metadata: { name: "brief", labels: { app: "brief" } }, spec: spec(["server"]) },
    });
    await waitFor(
      "the brief pod enrolled",
      async () =>
        (await podsReady(kc, ns, "app=brief")) && (await enrolled("app=brief"))[0] === "enabled",
    );
    expect(netnsCount()).toBe(before + 1);
    await core.deleteNamespacedPod({ namespace: ns, name: "brief" });
    await waitFor(
      "the brief pod gone",
      async () =>
        (await core.listNamespacedPod({ namespace: ns, labelSelector: "app=brief" })).items
          .length === 0,
    );
    await waitFor("its network namespace removed", () => Promise.resolve(netnsCount() === before));
    // Nothing of the mesh on the machine itself while it runs: the node agents work only in the
    // node's namespaces and paths.
    expect(machineMeshTraces()).toEqual([]);
  });
});
