import { AppsV1Api, CoreV1Api } from "@kubernetes/client-node";
import { testKubeConfig } from "@meshbench/testing/k8s";
import { describe, expect, it } from "vitest";
import { runLabels } from "../manifests/labels";
import { testKube } from "../test-support/test-cluster";
import { applyBundle, bundleNotReady } from "./apply-bundle";

const kc = testKubeConfig();
const core = kc.makeApiClient(CoreV1Api);
const apps = kc.makeApiClient(AppsV1Api);
const kube = testKube();

const BUNDLE = `
apiVersion: v1
kind: ConfigMap
metadata: { name: settings }
data: { greeting: hello }
---
apiVersion: v1
kind: Service
metadata: { name: web }
spec:
  selector: { app: web }
  ports: [{ name: http, port: 8080 }]
---
apiVersion: apps/v1
kind: Deployment
metadata: { name: web, labels: { team: mine } }
spec:
  replicas: 2
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec:
      containers: [{ name: web, image: fortio/fortio:1.68.2, args: [server] }]
---
`;

async function freshNamespace(name: string) {
  await core.createNamespace({ body: { metadata: { name, labels: runLabels("bundle") } } });
  return name;
}

describe("applyBundle against a real apiserver", () => {
  it("applies every object labelled (pod templates too), twice without harm, counting its requests", async () => {
    const ns = await freshNamespace("mb-bundle-apply");
    const labels = runLabels("run1", "base");
    const before = kube.calls();
    const applied = await applyBundle(kube, ns, BUNDLE, labels);
    // One discovery and one server-side apply per object: the gateway's cost figure counts both.
    expect(kube.calls() - before).toBe(6);
    expect(applied.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([
      "ConfigMap/settings",
      "Service/web",
      "Deployment/web",
    ]);
    await applyBundle(kube, ns, BUNDLE, labels); // a resumed run applies again: no conflict
    const d = await apps.readNamespacedDeployment({ name: "web", namespace: ns });
    expect(d.metadata?.labels).toMatchObject({ ...labels, team: "mine" });
    expect(d.spec?.template.metadata?.labels).toMatchObject({ ...labels, app: "web" });
    const cm = await core.readNamespacedConfigMap({ name: "settings", namespace: ns });
    expect(cm.metadata?.labels).toMatchObject(labels);
    expect(cm.data).toEqual({ greeting: "hello" });
    const listed = await core.listNamespacedService({
      namespace: ns,
      labelSelector: "meshbench.io/run=run1",
    });
    expect(listed.items.map((s) => s.metadata?.name)).toEqual(["web"]);
    // kwok runs no pods until its stages say so: the Deployment is waited for by its status.
    const reasons = await bundleNotReady(kube, applied);
    expect(reasons.every((r) => r.startsWith("Deployment web"))).toBe(true);
    expect(kube.calls() - before).toBe(6 + 6 + 1); // only the Deployment has a rollout to read
  });

  it("refuses what the cluster policy refuses, other namespaces, and kinds the cluster does not serve, creating nothing", async () => {
    const ns = await freshNamespace("mb-bundle-refuse");
    const withRole = `${BUNDLE}\n---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata: { name: sneaky }\nrules: []\n`;
    await expect(applyBundle(kube, ns, withRole, {})).rejects.toThrow(
      /^manifests refused: document 5: ClusterRole sneaky: a benchmark may not create a ClusterRole/,
    );
    const other = BUNDLE.replace("name: settings }", "name: settings, namespace: default }");
    await expect(applyBundle(kube, ns, other, {})).rejects.toThrow(/names namespace "default"/);
    const scheduling = `apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: { name: pc }\nvalue: 10\n`;
    await expect(applyBundle(kube, ns, scheduling, {})).rejects.toThrow(
      /PriorityClass of API group "scheduling.k8s.io" is not on the list/,
    );
    // An allowed kind whose CRD this cluster lacks (no Linkerd here): discovery says so.
    const profile = `apiVersion: linkerd.io/v1alpha2\nkind: ServiceProfile\nmetadata: { name: web.svc }\n`;
    await expect(applyBundle(kube, ns, profile, {})).rejects.toThrow(
      /ServiceProfile \(linkerd.io\/v1alpha2\) is not served by this cluster/,
    );
    const cms = await core.listNamespacedConfigMap({
      namespace: ns,
      labelSelector: "meshbench.io/run",
    });
    expect(cms.items).toEqual([]);
  });
});
