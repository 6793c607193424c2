import { CoreV1Api, CustomObjectsApi } from "@kubernetes/client-node";
import { ZVariant } from "@meshbench/contracts";
import { testKubeConfig } from "@meshbench/testing/k8s";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KubeClusterGateway } from "../kube-cluster-gateway";
import { WAYPOINT_CLASS } from "../manifests/labels";
import {
  peerAuthentication,
  startFakeWaypointController,
  UNPROGRAMMED,
  waypointGateway,
} from "../test-support/fake-waypoint-controller";
import { testConnection, testKube } from "../test-support/test-cluster";
import { ensureNamespace } from "./namespaces";
import { applyVariantConfig, waitForVariantConfig } from "./variant-config";

const gw = () => new KubeClusterGateway(testConnection(), { pollMs: 200 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("per-variant configuration against a real apiserver with the Gateway API and Istio CRDs", () => {
  let stopController: () => Promise<void>;
  beforeAll(() => {
    stopController = startFakeWaypointController();
  });
  afterAll(async () => {
    await stopController();
  });

  it("applies a waypoint variant's Gateway and PeerAuthentication, waits for Programmed and a Ready waypoint pod, cleanup removes them", async () => {
    const g = gw();
    const k = testKube();
    const runId = "vcwp1";
    const variant = ZVariant.parse({
      name: "ambient-l7",
      mesh: "istio-ambient",
      waypoint: "wp",
      manifests: `${waypointGateway("wp")}---\n${peerAuthentication("STRICT")}`,
    });
    const custom = testKubeConfig().makeApiClient(CustomObjectsApi);
    try {
      const ns = await ensureNamespace(k, runId, variant);
      const applied = await applyVariantConfig(k, { runId, variant, namespace: ns });
      expect(applied.problem).toBeNull();
      expect(applied.objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([
        "Gateway/wp",
        "PeerAuthentication/strict",
      ]);
      // Applying again (a resumed worker) keeps what exists.
      expect((await applyVariantConfig(k, { runId, variant, namespace: ns })).problem).toBeNull();
      const started = Date.now();
      expect(
        await waitForVariantConfig(k, {
          namespace: ns,
          variant,
          objects: applied.objects,
          timeoutMs: 30_000,
        }),
      ).toBeNull();
      console.log(
        `[variant-config] waypoint Programmed and Ready after ${Date.now() - started} ms`,
      );
      const pa = (await custom.getNamespacedCustomObject({
        group: "security.istio.io",
        version: "v1",
        namespace: ns,
        plural: "peerauthentications",
        name: "strict",
      })) as { metadata: { labels: Record<string, string> } };
      expect(pa.metadata.labels).toMatchObject({ "meshbench.io/run": runId });
      expect(g.describeVariant(runId, variant).labels).toMatchObject({
        "istio.io/use-waypoint": "wp",
      });
    } finally {
      await g.cleanup(runId);
    }
    // Namespace deletion takes its objects with it: the Gateway is gone once the namespace is.
    const core = testKubeConfig().makeApiClient(CoreV1Api);
    let gone = false;
    for (let i = 0; i < 150 && !gone; i++) {
      gone = await core
        .readNamespace({ name: `mb-${runId}-ambient-l7` })
        .then(() => false)
        .catch(() => true);
      if (!gone) await sleep(200);
    }
    expect(gone).toBe(true);
    const left = (await custom.listClusterCustomObject({
      group: "gateway.networking.k8s.io",
      version: "v1",
      plural: "gateways",
    })) as { items: { metadata: { namespace: string } }[] };
    expect(left.items.filter((i) => i.metadata.namespace === `mb-${runId}-ambient-l7`)).toEqual([]);
  });

  it("fails a waypoint variant with a reason when traffic would not reach a waypoint", async () => {
    const g = gw();
    const k = testKube();
    const runId = "vcwp2";
    const cases: {
      name: string;
      manifests: string;
      expected: RegExp;
      mesh: "istio-ambient" | "kmesh";
    }[] = [
      {
        name: "none",
        manifests: "",
        expected: /waypoint wp: no Gateway of that name in mb-vcwp2-none/,
        mesh: "istio-ambient",
      },
    ];
    try {
      for (const c of cases) {
        const variant = ZVariant.parse({
          name: c.name,
          mesh: c.mesh,
          waypoint: "wp",
          manifests: c.manifests,
        });
        const ns = await ensureNamespace(k, runId, variant);
        const applied = await applyVariantConfig(k, { runId, variant, namespace: ns });
        expect(applied.problem).toBeNull();
        const problem = await waitForVariantConfig(k, {
          namespace: ns,
          variant,
          objects: applied.objects,
          timeoutMs: 1500,
        });
        expect(problem).toMatch(c.expected);
        expect(problem).toMatch(/after 2 s/);
      }
      // A Gateway of another class never gets that far: the cluster policy refuses it on apply.
      const wrongClass = ZVariant.parse({
        name: "wrong-class",
        mesh: "kmesh",
        waypoint: "wp",
        manifests: waypointGateway("wp", "istio"),
      });
      const ns = await ensureNamespace(k, runId, wrongClass);
      expect(
        (await applyVariantConfig(k, { runId, variant: wrongClass, namespace: ns })).problem,
      ).toMatch(
        /^variant manifests refused: document 1: Gateway wp: gatewayClassName "istio": a benchmark's Gateway may only be a waypoint/,
      );
    } finally {
      await g.cleanup(runId);
    }
  });

  it("waits for readiness with a time limit: a Gateway no controller programs is a problem with its status", async () => {
    const g = gw();
    const k = testKube();
    const runId = "vcwp3";
    // Labelled for the fake controller to leave alone, as a controller that has not acted yet.
    const variant = ZVariant.parse({
      name: "ingress",
      mesh: "istio-sidecar",
      manifests: waypointGateway("edge", WAYPOINT_CLASS, `, ${UNPROGRAMMED}: "true"`),
    });
    try {
      const ns = await ensureNamespace(k, runId, variant);
      const applied = await applyVariantConfig(k, { runId, variant, namespace: ns });
      const problem = await waitForVariantConfig(k, {
        namespace: ns,
        variant,
        objects: applied.objects,
        timeoutMs: 1000,
      });
      // The CRD's default status says the controller has not acted yet.
      expect(problem).toMatch(
        /^variant manifests not ready after 1 s: Gateway edge not Programmed \(Pending\)/,
      );
    } finally {
      await g.cleanup(runId);
    }
  });

  it("refuses manifests the real apiserver refuses, with its reason, and kinds it does not serve", async () => {
    const g = gw();
    const k = testKube();
    const runId = "vcbad";
    try {
      const bad = ZVariant.parse({
        name: "bad",
        mesh: "istio-sidecar",
        manifests: peerAuthentication("SOMETIMES"),
      });
      const ns = await ensureNamespace(k, runId, bad);
      const refused = await applyVariantConfig(k, { runId, variant: bad, namespace: ns });
      expect(refused.problem).toMatch(
        /^variant manifests refused: apiserver answered HTTP 422: PeerAuthentication.security.istio.io "strict" is invalid: .*SOMETIMES/,
      );
      console.log(`[variant-config] refused: ${refused.problem}`);
      const unknown = ZVariant.parse({
        name: "unknown",
        mesh: "linkerd",
        manifests: "apiVersion: policy.linkerd.io/v1beta3\nkind: Server\nmetadata: { name: s }\n",
      });
      const ns2 = await ensureNamespace(k, runId, unknown);
      expect(
        (await applyVariantConfig(k, { runId, variant: unknown, namespace: ns2 })).problem,
      ).toMatch(
        /^variant manifests refused: Server \(policy.linkerd.io\/v1beta3\) is not served by this cluster \(is its CRD installed\?\)/,
      );
      const clusterScoped = ZVariant.parse({
        name: "cs",
        mesh: "baseline",
        manifests: "apiVersion: v1\nkind: Namespace\nmetadata: { name: sneaky }\n",
      });
      const ns3 = await ensureNamespace(k, runId, clusterScoped);
      expect(
        (await applyVariantConfig(k, { runId, variant: clusterScoped, namespace: ns3 })).problem,
      ).toMatch(
        /^variant manifests refused: document 1: Namespace sneaky: a benchmark may not create a Namespace/,
      );
    } finally {
      await g.cleanup(runId);
    }
  });
});
