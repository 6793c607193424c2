import { AppsV1Api, CoreV1Api, CustomObjectsApi } from "@kubernetes/client-node";
import { testConnection } from "../test-support/test-cluster";
import { CONTAINER_ROLES_ANNOTATION, ZBenchmarkDefinition, ZVariant } from "@meshbench/contracts";
import { testKubeConfig } from "@meshbench/testing/k8s";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKubeApis } from "../cluster/kube-apis";
import { KubeClusterGateway } from "../kube-cluster-gateway";
import { classifyContainer } from "./mesh-check";
import { declaredRoles, type RolesCache } from "../usage/declared-roles";
import { GATEWAY_NAME_LABEL, WAYPOINT_CLASS } from "./waypoint";

const gw = () => new KubeClusterGateway(testConnection(), { pollMs: 200 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Gateways with this label are left alone by the fake waypoint controller (never Programmed). */
const UNPROGRAMMED = "test.meshbench.io/unprogrammed";

const waypointGateway = (
  name: string,
  className = WAYPOINT_CLASS,
  labels = "",
) => `apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata:
  name: ${name}
  labels: { istio.io/waypoint-for: service${labels} }
spec:
  gatewayClassName: ${className}
  listeners:
  - name: mesh
    port: 15008
    protocol: HBONE
`;
const peerAuthentication = (mode: string) => `apiVersion: security.istio.io/v1
kind: PeerAuthentication
metadata:
  name: strict
spec:
  mtls:
    mode: ${mode}
`;

/**
 * Plays istiod's waypoint controller: for each Gateway of class istio-waypoint it starts a
 * Deployment whose pods carry the gateway-name label (kwok makes them Ready), then marks the
 * Gateway Programmed, as istiod does once the Deployment exists.
 */
function startFakeWaypointController() {
  const kc = testKubeConfig();
  const custom = kc.makeApiClient(CustomObjectsApi);
  const apps = kc.makeApiClient(AppsV1Api);
  const gv = { group: "gateway.networking.k8s.io", version: "v1", plural: "gateways" };
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const list = (await custom.listClusterCustomObject(gv).catch(() => ({ items: [] }))) as {
        items: {
          metadata: { name: string; namespace: string; labels?: Record<string, string> };
          spec: { gatewayClassName: string };
          status?: { conditions?: { type: string; status: string }[] };
        }[];
      };
      for (const g of list.items) {
        if (g.spec.gatewayClassName !== WAYPOINT_CLASS) continue;
        if (g.metadata.labels?.[UNPROGRAMMED]) continue;
        if (g.status?.conditions?.some((c) => c.type === "Programmed" && c.status === "True"))
          continue;
        const { name, namespace } = g.metadata;
        const labels = { [GATEWAY_NAME_LABEL]: name };
        await apps
          .createNamespacedDeployment({
            namespace,
            body: {
              metadata: { name, labels },
              spec: {
                selector: { matchLabels: labels },
                template: {
                  metadata: { labels },
                  spec: { containers: [{ name: "istio-proxy", image: "istio/proxyv2:1.24.2" }] },
                },
              },
            },
          })
          .catch(() => undefined);
        const now = new Date().toISOString();
        const condition = (type: string) => ({
          type,
          status: "True",
          reason: type,
          message: "fake waypoint controller",
          lastTransitionTime: now,
          observedGeneration: 1,
        });
        await custom
          .replaceNamespacedCustomObjectStatus({
            ...gv,
            namespace,
            name,
            body: {
              ...g,
              status: { conditions: [condition("Accepted"), condition("Programmed")] },
            },
          })
          .catch(() => undefined);
      }
      await sleep(200);
    }
  })();
  return async () => {
    stopped = true;
    await loop;
  };
}

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
    const runId = "vcwp1";
    const variant = ZVariant.parse({
      name: "ambient-l7",
      mesh: "istio-ambient",
      waypoint: "wp",
      manifests: `${waypointGateway("wp")}---\n${peerAuthentication("STRICT")}`,
    });
    const custom = testKubeConfig().makeApiClient(CustomObjectsApi);
    try {
      const ns = await g.ensureNamespace(runId, variant);
      const applied = await g.applyVariantConfig(runId, variant, ns);
      expect(applied.problem).toBeNull();
      expect(applied.objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([
        "Gateway/wp",
        "PeerAuthentication/strict",
      ]);
      // Applying again (a resumed worker) keeps what exists.
      expect((await g.applyVariantConfig(runId, variant, ns)).problem).toBeNull();
      const started = Date.now();
      expect(
        await g.waitForVariantConfig({
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
        const ns = await g.ensureNamespace(runId, variant);
        const applied = await g.applyVariantConfig(runId, variant, ns);
        expect(applied.problem).toBeNull();
        const problem = await g.waitForVariantConfig({
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
      const ns = await g.ensureNamespace(runId, wrongClass);
      expect((await g.applyVariantConfig(runId, wrongClass, ns)).problem).toMatch(
        /^variant manifests refused: document 1: Gateway wp: gatewayClassName "istio": a benchmark's Gateway may only be a waypoint/,
      );
    } finally {
      await g.cleanup(runId);
    }
  });

  it("waits for readiness with a time limit: a Gateway no controller programs is a problem with its status", async () => {
    const g = gw();
    const runId = "vcwp3";
    // Labelled for the fake controller to leave alone, as a controller that has not acted yet.
    const variant = ZVariant.parse({
      name: "ingress",
      mesh: "istio-sidecar",
      manifests: waypointGateway("edge", WAYPOINT_CLASS, `, ${UNPROGRAMMED}: "true"`),
    });
    try {
      const ns = await g.ensureNamespace(runId, variant);
      const applied = await g.applyVariantConfig(runId, variant, ns);
      const problem = await g.waitForVariantConfig({
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
    const runId = "vcbad";
    try {
      const bad = ZVariant.parse({
        name: "bad",
        mesh: "istio-sidecar",
        manifests: peerAuthentication("SOMETIMES"),
      });
      const ns = await g.ensureNamespace(runId, bad);
      const refused = await g.applyVariantConfig(runId, bad, ns);
      expect(refused.problem).toMatch(
        /^variant manifests refused: apiserver answered HTTP 422: PeerAuthentication.security.istio.io "strict" is invalid: .*SOMETIMES/,
      );
      console.log(`[variant-config] refused: ${refused.problem}`);
      const unknown = ZVariant.parse({
        name: "unknown",
        mesh: "linkerd",
        manifests: "apiVersion: policy.linkerd.io/v1beta3\nkind: Server\nmetadata: { name: s }\n",
      });
      const ns2 = await g.ensureNamespace(runId, unknown);
      expect((await g.applyVariantConfig(runId, unknown, ns2)).problem).toMatch(
        /^variant manifests refused: Server \(policy.linkerd.io\/v1beta3\) is not served by this cluster \(is its CRD installed\?\)/,
      );
      const clusterScoped = ZVariant.parse({
        name: "cs",
        mesh: "baseline",
        manifests: "apiVersion: v1\nkind: Namespace\nmetadata: { name: sneaky }\n",
      });
      const ns3 = await g.ensureNamespace(runId, clusterScoped);
      expect((await g.applyVariantConfig(runId, clusterScoped, ns3)).problem).toMatch(
        /^variant manifests refused: document 1: Namespace sneaky: a benchmark may not create a Namespace/,
      );
    } finally {
      await g.cleanup(runId);
    }
  });

  it("puts pod annotations and extra containers on the target's pods; their declared roles book a user proxy as proxy", async () => {
    const g = gw();
    const runId = "vcpod";
    const def = ZBenchmarkDefinition.parse({
      key: "k",
      name: "n",
      target: { kind: "fortio-echo" },
      variants: [
        {
          name: "hop",
          mesh: "baseline",
          podAnnotations: { "proxy.istio.io/config": "concurrency: 2" },
          extraContainers: [
            { name: "hop", args: ["proxies", "-M", "8090 http://localhost:8080"], ports: [8090] },
          ],
        },
      ],
      loadMatrix: { qps: [100], connections: [1] },
    });
    const variant = def.variants[0]!;
    try {
      const ns = await g.ensureNamespace(runId, variant);
      if (def.target.kind !== "fortio-echo") throw new Error("unreachable");
      await g.deployTarget({
        runId,
        variant: "hop",
        namespace: ns,
        target: def.target,
        methodology: def.methodology,
        pod: variant,
      });
      const pods = await g.waitForTarget(ns, { timeoutMs: 30_000 });
      expect(pods[0]?.containers).toEqual(["echo", "hop"]);
      expect(pods[0]?.annotations).toMatchObject({
        "proxy.istio.io/config": "concurrency: 2",
        [CONTAINER_ROLES_ANNOTATION]: "proxy=hop",
      });
      const apis = createKubeApis(testConnection());
      let calls = 0;
      const cache: RolesCache = new Map();
      const readings = ["echo", "hop"].map((container) => ({
        namespace: ns,
        pod: pods[0]!.name,
        container,
      }));
      const declared = await declaredRoles({ apis, count: () => (calls += 1), cache }, readings);
      expect(
        readings.map((r) =>
          classifyContainer(r, { controlPlaneNamespaces: [], declared: declared(r) }),
        ),
      ).toEqual(["app", "proxy"]);
      await declaredRoles({ apis, count: () => (calls += 1), cache }, readings);
      expect(calls).toBe(1); // known pods cost no second list
    } finally {
      await g.cleanup(runId);
    }
  });
});
