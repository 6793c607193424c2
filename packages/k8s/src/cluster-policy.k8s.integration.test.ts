import { AppsV1Api, CoreV1Api, type V1Pod } from "@kubernetes/client-node";
import { ZBenchmarkDefinition, ZVariant, type TMeshDetection } from "@meshbench/contracts";
import { buildTemplate } from "@meshbench/core";
import { HOSTILE_BENCHMARKS } from "@meshbench/testing/hostile-benchmarks";
import { testKubeConfig } from "@meshbench/testing/k8s";
import { beforeAll, describe, expect, it } from "vitest";
import { KubeClusterGateway } from "./kube-cluster-gateway";
import { runLabels, variantNamespace } from "./manifests/labels";
import { PolicyError } from "./policy/policy-error";
import { applyBundle } from "./steps/apply-bundle";
import { ensureNamespace } from "./steps/namespaces";
import {
  applyWorkload,
  deploySampleApp,
  deployTarget,
  waitForSampleApp,
  waitForTarget,
  waitForWorkload,
} from "./steps/targets";
import { applyVariantConfig } from "./steps/variant-config";
import {
  exists,
  hostile,
  indexes,
  leftovers,
  names,
  NOTHING,
} from "./test-support/policy-leftovers";
import { testConnection, testKube } from "./test-support/test-cluster";

const kc = testKubeConfig();
const core = kc.makeApiClient(CoreV1Api);
const apps = kc.makeApiClient(AppsV1Api);
const gw = () => new KubeClusterGateway(testConnection(), { pollMs: 200 });

describe("the cluster policy at apply time, against a real apiserver (definitions stored before the rules)", () => {
  let meshes: TMeshDetection;
  beforeAll(async () => {
    meshes = await gw().detectMeshes({ prometheusUrl: null });
  });

  it.each(indexes)("the gateway refuses %s before creating anything", async (_, i) => {
    const h = hostile(i);
    const runId = `pol${i}`;
    const g = gw();
    const prepared = await g.prepareVariant({
      runId,
      definition: h.definition,
      variant: h.variant,
      meshes,
    });
    expect(prepared.problem).toMatch(/^refused by Meshbench's cluster policy: /);
    expect(prepared.problem).toContain(`${h.field}: `);
    expect(prepared.problem).toMatch(h.message);
    expect(await leftovers(variantNamespace(runId, h.variant.name))).toEqual(NOTHING);
  });

  it("the inner appliers refuse the same input on their own (bundle, namespace, pods): nothing of it exists", async () => {
    const k = testKube();
    const ns = "mb-policy-inner";
    await core.createNamespace({ body: { metadata: { name: ns, labels: runLabels("inner") } } });
    for (const [name, i] of indexes) {
      const h = hostile(i);
      const bundle =
        h.field === "target.manifests" && h.definition.target.kind === "workload"
          ? h.definition.target.manifests
          : h.field.endsWith(".manifests")
            ? h.variant.manifests
            : null;
      if (bundle)
        await expect(applyBundle(k, ns, bundle, {}), name).rejects.toThrow(
          /^manifests refused: document \d+: /,
        );
    }
    // Not even the harmless entry Service of a refused workload was created.
    expect(names(await core.listNamespacedService({ namespace: ns }))).toEqual([]);
    expect(
      names(await core.listNamespacedConfigMap({ namespace: ns })).filter(
        (n) => n !== "kube-root-ca.crt",
      ),
    ).toEqual([]);

    const labelled = hostile(HOSTILE_BENCHMARKS.findIndex((h) => h.field.endsWith(".labels")));
    await expect(ensureNamespace(k, "inner", labelled.variant)).rejects.toThrow(PolicyError);
    expect(await exists(core.readNamespace({ name: variantNamespace("inner", "attack") }))).toBe(
      false,
    );

    for (const h of HOSTILE_BENCHMARKS.map((_, i) => hostile(i)).filter((x) =>
      /podAnnotations|extraContainers/.test(x.field),
    )) {
      if (h.definition.target.kind !== "fortio-echo") throw new Error("echo expected");
      await expect(
        deployTarget(k, {
          runId: "inner",
          variant: "attack",
          namespace: ns,
          target: h.definition.target,
          methodology: h.definition.methodology,
          pod: h.variant,
        }),
      ).rejects.toThrow(PolicyError);
    }
    expect(names(await apps.listNamespacedDeployment({ namespace: ns }))).toEqual([]);
    expect(await leftovers(ns)).toEqual({ ...NOTHING, namespace: true });
    await core.deleteNamespace({ name: ns });
  });

  it("still applies the permitted shapes: echo, sample app, a workload, a waypoint with its parameters, PeerAuthentication", async () => {
    const g = gw();
    const k = testKube();
    const runId = "polok";
    const workload = `apiVersion: v1
kind: Service
metadata: { name: web }
spec: { selector: { app: web }, ports: [{ port: 8080 }] }
---
apiVersion: apps/v1
kind: Deployment
metadata: { name: web }
spec:
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web }, annotations: { proxy.istio.io/config: "concurrency: 2" } }
    spec:
      containers:
        - name: web
          image: fortio/fortio:1.68.2
          args: [server]
          securityContext: { capabilities: { add: [NET_BIND_SERVICE] } }`;
    // The waypoint (Gateway + parameters ConfigMap) exactly as the kmesh-vs-ambient template makes it.
    const template = ZBenchmarkDefinition.parse(
      buildTemplate("kmesh-vs-ambient", { meshes: ["istio-ambient"] }).definition,
    );
    const waypoint = template.variants.find((v) => v.waypoint)!.manifests;
    const strict =
      "apiVersion: security.istio.io/v1\nkind: PeerAuthentication\nmetadata: { name: mtls-strict }\nspec: { mtls: { mode: STRICT } }";
    const def = ZBenchmarkDefinition.parse({
      key: "ok",
      name: "ok",
      target: { kind: "workload", manifests: workload, entry: { service: "web", port: 8080 } },
      variants: [
        {
          name: "wp",
          mesh: "istio-ambient",
          waypoint: "waypoint",
          manifests: `${waypoint}\n---\n${strict}`,
          podAnnotations: { "proxy.istio.io/config": "concurrency: 2" },
          extraContainers: [{ name: "hop", args: ["proxies", "-M", "8090 http://localhost:8080"] }],
        },
      ],
      loadMatrix: { qps: [100], connections: [2] },
    });
    const variant = def.variants[0]!;
    try {
      const ns = await ensureNamespace(k, runId, variant);
      const config = await applyVariantConfig(k, { runId, variant, namespace: ns });
      expect(config.problem).toBeNull();
      expect(config.objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([
        "Gateway/waypoint",
        "ConfigMap/waypoint-options",
        "PeerAuthentication/mtls-strict",
      ]);
      if (def.target.kind !== "workload") throw new Error("unreachable");
      const applied = await applyWorkload(k, ns, def.target.manifests, runLabels(runId), variant);
      expect(applied.map((o) => o.kind)).toEqual(["Service", "Deployment"]);
      const echo = ZBenchmarkDefinition.parse({ ...def, target: { kind: "fortio-echo" } });
      if (echo.target.kind !== "fortio-echo") throw new Error("unreachable");
      await deployTarget(k, {
        runId,
        variant: "wp",
        namespace: ns,
        target: echo.target,
        methodology: echo.methodology,
        pod: variant,
      });
      const app = ZBenchmarkDefinition.parse({ ...def, target: { kind: "sample-app", tiers: 2 } });
      if (app.target.kind !== "sample-app") throw new Error("unreachable");
      await deploySampleApp(k, {
        runId,
        variant: "wp",
        namespace: ns,
        target: app.target,
        methodology: app.methodology,
        pod: variant,
      });
      // An enforce-baseline namespace: every pod of these templates was admitted and got Ready.
      const wait = { timeoutMs: 60_000 };
      await waitForWorkload(k, applied, wait);
      await waitForSampleApp(k, ns, 2, wait);
      const echoPods = await waitForTarget(k, ns, wait);
      expect(echoPods[0]?.annotations).toMatchObject({ "proxy.istio.io/config": "concurrency: 2" });
      expect(names(await apps.listNamespacedDeployment({ namespace: ns })).sort()).toEqual([
        "echo",
        "tier0",
        "tier1",
        "web",
      ]);
    } finally {
      await g.cleanup(runId);
    }
  });

  it("labels variant namespaces for Pod Security, and the apiserver then refuses a privileged pod where it enforces", async () => {
    const g = gw();
    const k = testKube();
    const runId = "polpsa";
    // (This test apiserver runs without --allow-privileged, so the shape is host PID and the
    // node's root filesystem: what Pod Security decides, not the apiserver's validation.)
    const privileged = (name: string): V1Pod => ({
      metadata: { name },
      spec: {
        hostPID: true,
        volumes: [{ name: "host", hostPath: { path: "/" } }],
        containers: [
          {
            name: "x",
            image: "busybox",
            securityContext: { capabilities: { add: ["SYS_ADMIN"] } },
            volumeMounts: [{ name: "host", mountPath: "/host" }],
          },
        ],
      },
    });
    try {
      const enforced = await ensureNamespace(
        k,
        runId,
        ZVariant.parse({ name: "amb", mesh: "istio-ambient" }),
      );
      const warned = await ensureNamespace(
        k,
        runId,
        ZVariant.parse({ name: "side", mesh: "istio-sidecar" }),
      );
      const labels = async (name: string) =>
        (await core.readNamespace({ name })).metadata?.labels ?? {};
      expect(await labels(enforced)).toMatchObject({
        "pod-security.kubernetes.io/enforce": "baseline",
        "pod-security.kubernetes.io/warn": "baseline",
        "pod-security.kubernetes.io/audit": "baseline",
      });
      expect(await labels(warned)).toMatchObject({ "pod-security.kubernetes.io/warn": "baseline" });
      expect((await labels(warned))["pod-security.kubernetes.io/enforce"]).toBeUndefined();

      const refused = await core
        .createNamespacedPod({ namespace: enforced, body: privileged("root") })
        .then(
          () => null,
          (e: unknown) => e as { code?: number; body?: string },
        );
      expect(refused?.code).toBe(403);
      const status = JSON.parse(String(refused?.body)) as { message: string };
      expect(status.message).toMatch(
        /violates PodSecurity "baseline:latest": .*host namespaces \(hostPID=true\), hostPath volumes/,
      );
      expect(names(await core.listNamespacedPod({ namespace: enforced }))).toEqual([]);
      // A sidecar mesh's namespace only warns (its injected init container needs NET_ADMIN).
      await core.createNamespacedPod({ namespace: warned, body: privileged("warned") });
      expect(names(await core.listNamespacedPod({ namespace: warned }))).toEqual(["warned"]);
    } finally {
      await g.cleanup(runId);
    }
  });
});
