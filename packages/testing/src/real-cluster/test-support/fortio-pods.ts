/**
 * Test workloads on a real-node cluster: Fortio pods (an echo server, or a load pod driven through
 * the apiserver's pod proxy, as shared/docs/real-node.md describes), waiting for them, and one
 * bounded Fortio run against a target inside the cluster. Load goes only to the cluster's pods.
 */
import { CoreV1Api, type KubeConfig, type V1PodSpec } from "@kubernetes/client-node";
import { apiGet } from "../api";
import { sleep } from "../host";

export async function waitFor(what: string, check: () => Promise<boolean>, ms = 90_000) {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(500))
    if (await check().catch(() => false)) return;
  throw new Error(`timed out waiting for ${what}`);
}

/** A Fortio container serving on 8080 (`server`; with `-data-dir /tmp` it can also save runs). */
export const fortioPodSpec = (image: string, node: string, args: string[]): V1PodSpec => ({
  nodeSelector: { "kubernetes.io/hostname": node },
  containers: [
    {
      name: "fortio",
      image,
      imagePullPolicy: "IfNotPresent",
      args,
      ports: [{ containerPort: 8080 }],
      readinessProbe: { httpGet: { path: "/fortio/", port: 8080 }, periodSeconds: 1 },
    },
  ],
});

export async function podsReady(kc: KubeConfig, namespace: string, selector: string) {
  const pods = await kc
    .makeApiClient(CoreV1Api)
    .listNamespacedPod({ namespace, labelSelector: selector });
  return (
    pods.items.length > 0 &&
    pods.items.every((p) =>
      p.status?.conditions?.some((c) => c.type === "Ready" && c.status === "True"),
    )
  );
}

export type FortioResult = {
  ActualQPS: number;
  RetCodes: Record<string, number>;
  ErrorsDurationHistogram: { Count: number };
  DurationHistogram: { Percentiles?: { Percentile: number; Value: number }[] };
};

/** The pod proxy path of a Fortio pod's REST API. */
export const fortioProxy = (namespace: string, pod: string, pathname: string) =>
  `/api/v1/namespaces/${namespace}/pods/${pod}:8080/proxy${pathname}`;

/** One GET of `target` (host:port/path) through Fortio's fetch proxy in `pod`: its HTTP status. */
export async function fetchThrough(kc: KubeConfig, namespace: string, pod: string, target: string) {
  return (await apiGet(kc, fortioProxy(namespace, pod, `/fortio/fetch/${target}`))).status;
}

/** A bounded load run from the Fortio pod `pod` (started with -data-dir /tmp) to `url`. */
export async function runFortio(
  kc: KubeConfig,
  namespace: string,
  pod: string,
  load: { url: string; qps: number; connections: number; seconds: number },
): Promise<FortioResult> {
  const proxy = (p: string) => fortioProxy(namespace, pod, p);
  const query =
    `url=${encodeURIComponent(load.url)}&qps=${load.qps}&c=${load.connections}` +
    `&t=${load.seconds}s&async=on&save=on`;
  const started = await apiGet(kc, proxy(`/fortio/rest/run?${query}`));
  if (started.status !== 200) throw new Error(`fortio run: HTTP ${started.status} ${started.body}`);
  const { ResultID: resultId } = JSON.parse(started.body) as { ResultID: string };
  await waitFor(
    "the Fortio run to finish",
    async () => {
      const status = await apiGet(kc, proxy("/fortio/rest/status"));
      const statuses =
        (JSON.parse(status.body) as { Statuses?: Record<string, unknown> }).Statuses ?? {};
      return status.status === 200 && Object.keys(statuses).length === 0;
    },
    (load.seconds + 30) * 1000,
  );
  const data = await apiGet(kc, proxy(`/fortio/data/${resultId}.json`));
  if (data.status !== 200) throw new Error(`fortio result: HTTP ${data.status} ${data.body}`);
  return JSON.parse(data.body) as FortioResult;
}

export const p99Ms = (r: FortioResult) =>
  (r.DurationHistogram.Percentiles?.find((p) => p.Percentile === 99)?.Value ?? 0) * 1000;
