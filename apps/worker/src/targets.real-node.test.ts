/**
 * The target kinds on real pods (pnpm test:real-node): the shipped sample app (a chain of
 * `fortio proxies`), TCP load against Fortio's TCP echo, a workload given as YAML, and a
 * per-variant Service URL into a namespace the run does not own. Short trials (3 s, 1
 * repetition): these prove the paths work end to end, the figures are printed.
 */
import { AppsV1Api, CoreV1Api } from "@kubernetes/client-node";
import type { TBenchmarkDefinitionInput, TRunEnvironment } from "@meshbench/contracts";
import { realNodeKubeConfig } from "@meshbench/testing/real-cluster-context";
import { beforeAll, describe, expect, it } from "vitest";
import { useRealNodeWorkspace } from "./test-support/real-node-workspace";
import { until } from "./test-support/until";

const skipped = process.env.MESHBENCH_SKIP_REAL_NODE === "1";
const FORTIO = "fortio/fortio:1.68.2";

const bench = (
  key: string,
  target: TBenchmarkDefinitionInput["target"],
  protocols: ("http1" | "tcp")[] = ["http1"],
): TBenchmarkDefinitionInput => ({
  key,
  name: key,
  target,
  variants: [{ name: "baseline", mesh: "baseline" }],
  loadMatrix: { qps: [200], connections: [2], protocols },
  repetitions: 1,
  durationSeconds: 3,
  warmupSeconds: 1,
});

/** A Fortio echo as a user would write it: Deployment + Service (+ a ConfigMap it ignores). */
const ECHO_WORKLOAD = `
apiVersion: v1
kind: ConfigMap
metadata: { name: web-settings }
data: { note: "applied with the workload, removed with the namespace" }
---
apiVersion: v1
kind: Service
metadata: { name: web }
spec:
  selector: { app: web }
  ports: [{ name: http, port: 8080 }, { name: tcp, port: 8078 }]
---
apiVersion: apps/v1
kind: Deployment
metadata: { name: web }
spec:
  replicas: 1
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec:
      containers:
        - name: web
          image: ${FORTIO}
          args: [server, -grpc-port, disabled]
          readinessProbe: { tcpSocket: { port: 8080 }, periodSeconds: 1 }
`;

describe.skipIf(skipped)("target kinds on real nodes", () => {
  const rn = useRealNodeWorkspace("targets");
  const kc = () => realNodeKubeConfig();
  const caller = () => rn.caller();
  const leftovers = async (runId: string) => {
    const selector = `meshbench.io/run=${runId}`;
    const core = kc().makeApiClient(CoreV1Api);
    const ns = await core.listNamespace({ labelSelector: selector });
    const pods = await core.listPodForAllNamespaces({ labelSelector: selector });
    return ns.items.length + pods.items.length;
  };
  /** Runs a benchmark to its end; every trial must succeed; nothing of it may be left. */
  const runToEnd = async (
    def: TBenchmarkDefinitionInput,
    during?: (runId: string) => Promise<void>,
  ) => {
    const b = await caller().benchmarks.create(def);
    const { runId } = await caller().runs.start({ benchmarkId: b.id, clusterId: rn.clusterId });
    await during?.(runId);
    const run = await until(`run ${def.key} to end`, async () => {
      const r = await caller().runs.get({ runId });
      return ["succeeded", "failed"].includes(r.status) ? r : null;
    });
    expect(
      run.trials.filter((t) => t.status !== "succeeded").map((t) => `${t.key}: ${t.failureReason}`),
      `${def.key}: ${run.error ?? ""} ${rn.logs.filter((l) => l.includes(runId)).join(" | ")}`,
    ).toEqual([]);
    expect(run.status).toBe("succeeded");
    await until("nothing of the run left", async () => (await leftovers(runId)) === 0, 90_000);
    return run;
  };
  const ms = (s: number | null | undefined) => `${((s ?? Number.NaN) * 1000).toFixed(3)} ms`;

  beforeAll(async () => {
    await rn.startWorker({ sampleEveryMs: 1000 });
  });

  it("the sample app: its front (3 tiers) answers over HTTP and TCP and is slower at p50 than its leaf", async () => {
    const front = await runToEnd(
      bench("sample-front", { kind: "sample-app", tiers: 3, entry: "front" }, ["http1", "tcp"]),
    );
    const leaf = await runToEnd(
      bench("sample-leaf", { kind: "sample-app", tiers: 3, entry: "leaf" }),
    );
    const frontHttp = front.trials.find((t) => t.protocol === "http1")!;
    const frontTcp = front.trials.find((t) => t.protocol === "tcp")!;
    const leafHttp = leaf.trials[0]!;
    for (const t of [frontHttp, frontTcp, leafHttp]) {
      expect(t.errorCount, t.key).toBe(0);
      expect(t.requestCount ?? 0, t.key).toBeGreaterThan(500);
      expect(t.summary?.p50, t.key).toBeGreaterThan(0);
    }
    expect(frontHttp.summary!.p50!).toBeGreaterThan(leafHttp.summary!.p50!);
    const env = front.environment as TRunEnvironment;
    expect(env.loadGenerator["baseline/qps-200/c2/p0/tcp/ka"]).toContain('"url":"tcp://tier0.');
    console.log(
      `[real-node] sample app p50: front (tier0→tier1→tier2) ${ms(frontHttp.summary?.p50)}, leaf (tier2) ${ms(leafHttp.summary?.p50)}; front over TCP ${ms(frontTcp.summary?.p50)} (p99 ${ms(frontTcp.summary?.p99)})`,
    );
  });

  it("TCP load against the echo target's TCP port is stored with its latencies", async () => {
    const run = await runToEnd(bench("echo-tcp", { kind: "fortio-echo" }, ["tcp"]));
    const [t] = run.trials;
    expect(t).toMatchObject({ protocol: "tcp", status: "succeeded", errorCount: 0 });
    expect(t!.requestCount ?? 0).toBeGreaterThan(500);
    expect(t!.histogram?.buckets.length).toBeGreaterThan(0);
    expect(t!.summary!.p99!).toBeGreaterThanOrEqual(t!.summary!.p50!);
    console.log(
      `[real-node] echo over TCP: ${t!.requestCount} calls, ${t!.actualQps?.toFixed(1)} QPS, p50 ${ms(t!.summary?.p50)}, p99 ${ms(t!.summary?.p99)}`,
    );
  });

  it("a workload given as YAML is applied labelled, loaded through its entry, sampled, and removed", async () => {
    let seen: { configMapRun?: string; podTemplateRun?: string } = {};
    const run = await runToEnd(
      bench("workload", {
        kind: "workload",
        manifests: ECHO_WORKLOAD,
        entry: { service: "web", port: 8080, path: "/echo" },
      }),
      async (runId) => {
        const ns = await until("the workload's namespace", async () => {
          const list = await kc()
            .makeApiClient(CoreV1Api)
            .listNamespace({ labelSelector: `meshbench.io/run=${runId}` });
          return list.items[0]?.metadata?.name;
        });
        const d = await until("the workload's Deployment", () =>
          kc()
            .makeApiClient(AppsV1Api)
            .readNamespacedDeployment({ name: "web", namespace: ns })
            .catch(() => null),
        );
        const cm = await kc()
          .makeApiClient(CoreV1Api)
          .readNamespacedConfigMap({ name: "web-settings", namespace: ns });
        seen = {
          configMapRun: cm.metadata?.labels?.["meshbench.io/run"],
          podTemplateRun: d.spec?.template.metadata?.labels?.["meshbench.io/run"],
        };
      },
    );
    expect(seen).toEqual({ configMapRun: run.id, podTemplateRun: run.id });
    const [t] = run.trials;
    expect(t!.errorCount).toBe(0);
    expect(t!.requestCount ?? 0).toBeGreaterThan(500);
    const samples = await rn.db.resourceSample.findMany({ where: { runId: run.id } });
    const web = samples.filter((s) => s.pod.startsWith("web-"));
    expect(web.length).toBeGreaterThan(0);
    expect(new Set(web.map((s) => s.role))).toEqual(new Set(["app"]));
    console.log(
      `[real-node] workload (Fortio echo from YAML): p50 ${ms(t!.summary?.p50)}, ${web.length} samples of its pod`,
    );
  });

  it("a per-variant Service URL in another namespace: its pods checked, sampled, avoided by the load generator", async () => {
    const core = kc().makeApiClient(CoreV1Api);
    const apps = kc().makeApiClient(AppsV1Api);
    const shop = "mbtest-shop";
    await core.createNamespace({ body: { metadata: { name: shop } } }).catch(() => undefined);
    try {
      await core.createNamespacedService({
        namespace: shop,
        body: {
          metadata: { name: "details" },
          spec: {
            selector: { app: "details" },
            ports: [{ name: "http", port: 9080, targetPort: 8080 }],
          },
        },
      });
      await apps.createNamespacedDeployment({
        namespace: shop,
        body: {
          metadata: { name: "details" },
          spec: {
            selector: { matchLabels: { app: "details" } },
            template: {
              metadata: { labels: { app: "details" } },
              spec: {
                containers: [
                  {
                    name: "details",
                    image: FORTIO,
                    args: ["server", "-grpc-port", "disabled"],
                    readinessProbe: { tcpSocket: { port: 8080 }, periodSeconds: 1 },
                  },
                ],
              },
            },
          },
        },
      });
      await until("the shop's details pod ready", async () => {
        const d = await apps.readNamespacedDeployment({ name: "details", namespace: shop });
        return (d.status?.readyReplicas ?? 0) >= 1;
      });
      let affinity: unknown = null;
      const run = await runToEnd(
        bench("service-url", {
          kind: "service-url",
          variantUrls: { baseline: `http://details.${shop}.svc.cluster.local:9080/echo` },
        }),
        async (runId) => {
          const lg = await until("the load generator pod", async () => {
            const list = await core.listPodForAllNamespaces({
              labelSelector: `meshbench.io/run=${runId},meshbench.io/component=load-generator`,
            });
            return list.items[0];
          });
          affinity =
            lg.spec?.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.[0];
        },
      );
      expect(affinity).toMatchObject({
        namespaces: [shop],
        labelSelector: { matchLabels: { app: "details" } },
      });
      const samples = await rn.db.resourceSample.findMany({ where: { runId: run.id } });
      const details = samples.filter((s) => s.namespace === shop);
      expect(details.length).toBeGreaterThan(0);
      expect(details.every((s) => s.pod.startsWith("details-") && s.role === "app")).toBe(true);
      // The run's cleanup leaves the namespace it does not own.
      expect(
        (await core.readNamespace({ name: shop })).metadata?.deletionTimestamp,
      ).toBeUndefined();
      console.log(
        `[real-node] service-url → details.${shop}: p50 ${ms(run.trials[0]!.summary?.p50)}, ${details.length} samples of its pod`,
      );
    } finally {
      await core.deleteNamespace({ name: shop }).catch(() => undefined);
    }
  });
});
