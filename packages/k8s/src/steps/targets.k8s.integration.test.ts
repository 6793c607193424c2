import { AppsV1Api, CoreV1Api } from "@kubernetes/client-node";
import { ZBenchmarkDefinition, ZVariant } from "@meshbench/contracts";
import { testKubeConfig } from "@meshbench/testing/k8s";
import { describe, expect, it } from "vitest";
import { KubeClusterGateway } from "../kube-cluster-gateway";
import { LABELS, runLabels } from "../manifests/labels";
import { meshProblem } from "./mesh-check";
import { ensureNamespace } from "./namespaces";
import { livePods } from "./pods";
import {
  applyWorkload,
  deploySampleApp,
  NOT_LOAD_GENERATOR,
  servicePods,
  waitForSampleApp,
  waitForWorkload,
} from "./targets";
import { testConnection, testKube } from "../test-support/test-cluster";

const gw = () => new KubeClusterGateway(testConnection(), { pollMs: 200 });
const core = testKubeConfig().makeApiClient(CoreV1Api);
const apps = testKubeConfig().makeApiClient(AppsV1Api);
const wait = { timeoutMs: 60_000 };

const WORKLOAD = `
apiVersion: v1
kind: ConfigMap
metadata: { name: web-settings }
data: { a: b }
---
apiVersion: v1
kind: Service
metadata: { name: web }
spec: { selector: { app: web }, ports: [{ port: 8080 }] }
---
apiVersion: apps/v1
kind: Deployment
metadata: { name: web }
spec:
  replicas: 2
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec: { containers: [{ name: web, image: fortio/fortio:1.68.2, args: [server] }] }
`;

const def = ZBenchmarkDefinition.parse({
  key: "k",
  name: "n",
  target: { kind: "sample-app", tiers: 3 },
  variants: [{ name: "app", mesh: "baseline" }],
  loadMatrix: { qps: [100], connections: [1] },
});

/** Objects of the run still present (namespaces being deleted count until they are gone). */
async function runObjects(runId: string) {
  const selector = `${LABELS.run}=${runId}`;
  const [ns, cms, svcs, deps] = await Promise.all([
    core.listNamespace({ labelSelector: selector }),
    core.listConfigMapForAllNamespaces({ labelSelector: selector }),
    core.listServiceForAllNamespaces({ labelSelector: selector }),
    apps.listDeploymentForAllNamespaces({ labelSelector: selector }),
  ]);
  return {
    namespaces: ns.items.filter((n) => !n.metadata?.deletionTimestamp).length,
    objects: cms.items.length + svcs.items.length + deps.items.length,
  };
}

describe("target kinds against a real apiserver with kwok", () => {
  it("deploys the sample app and a workload bundle labelled, finds their pods, cleans them up", async () => {
    const g = gw();
    const k = testKube();
    const runId = "targets1";
    try {
      const appNs = await ensureNamespace(
        k,
        runId,
        ZVariant.parse({ name: "app", mesh: "baseline" }),
      );
      if (def.target.kind !== "sample-app") throw new Error("unreachable");
      const input = {
        runId,
        variant: "app",
        namespace: appNs,
        target: def.target,
        methodology: def.methodology,
      };
      await deploySampleApp(k, input);
      await deploySampleApp(k, input); // a resumed run deploys again: kept as is
      await waitForSampleApp(k, appNs, 3, wait);
      const tierPods = await livePods(k, appNs, `${LABELS.component}=target`);
      expect(tierPods).toHaveLength(3);
      const tier0 = await apps.readNamespacedDeployment({ name: "tier0", namespace: appNs });
      expect(tier0.spec?.template.spec?.containers[0]?.args).toEqual([
        "proxies",
        "-M",
        `8080 http://tier1.${appNs}.svc.cluster.local:8080`,
        "-P",
        `8078 tier1.${appNs}.svc.cluster.local:8078`,
      ]);
      const svcs = await core.listNamespacedService({
        namespace: appNs,
        labelSelector: `${LABELS.run}=${runId}`,
      });
      expect(svcs.items.map((s) => s.metadata?.name).sort()).toEqual(["tier0", "tier1", "tier2"]);

      const sidecar = ZVariant.parse({ name: "wl", mesh: "istio-sidecar" });
      const wlNs = await ensureNamespace(k, runId, sidecar);
      const applied = await applyWorkload(k, wlNs, WORKLOAD, {
        ...runLabels(runId, "wl"),
        [LABELS.component]: "target",
      });
      await waitForWorkload(k, applied, wait);
      const cm = await core.readNamespacedConfigMap({ name: "web-settings", namespace: wlNs });
      expect(cm.metadata?.labels).toMatchObject(runLabels(runId, "wl"));
      const webPods = await livePods(k, wlNs, NOT_LOAD_GENERATOR);
      expect(webPods).toHaveLength(2);
      // No injector answers in this cluster: the workload's pods fail the sidecar check by name.
      expect(meshProblem("istio-sidecar", webPods, { ciliumAgent: false })).toMatch(
        /^mesh absent: no istio-proxy container in web-/,
      );

      // A per-variant Service URL: the Service's pods, found through its selector.
      const found = await servicePods(k, wlNs, "web");
      expect(found).toMatchObject({ found: true, selector: { app: "web" } });
      expect(found.found && found.pods.map((p) => p.name).sort()).toEqual(
        webPods.map((p) => p.name).sort(),
      );
      expect(await servicePods(k, wlNs, "nope")).toEqual({
        found: false,
        reason: `Service nope not found in namespace ${wlNs}`,
      });
      // 1 ConfigMap, 4 Services (3 tiers + web), 4 Deployments (3 tiers + web).
      expect(await runObjects(runId)).toEqual({ namespaces: 2, objects: 1 + 4 + 4 });
    } finally {
      expect((await g.cleanup(runId)).sort()).toEqual([`mb-${runId}-app`, `mb-${runId}-wl`]);
    }
    // Namespace deletion takes the applied objects with it.
    const deadline = Date.now() + 60_000;
    let left = await runObjects(runId);
    while (left.objects > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      left = await runObjects(runId);
    }
    expect(left).toEqual({ namespaces: 0, objects: 0 });
  });
});
