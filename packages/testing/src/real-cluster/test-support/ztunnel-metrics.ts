/**
 * ztunnel's own Prometheus counters, read through the apiserver's pod proxy (port 15020, as the
 * real-mesh tests do; nothing is exposed outside the cluster). Harness support for tests: what a
 * connection through the mesh moved, per source/destination workload and security policy.
 */
import { CoreV1Api, type KubeConfig } from "@kubernetes/client-node";
import { apiGet } from "../api";

export type Series = { name: string; labels: Record<string, string>; value: number };

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parseExposition(text: string): Series[] {
  const series: Series[] = [];
  for (const line of text.split("\n")) {
    const m = LINE.exec(line.trim());
    if (!m || line.startsWith("#")) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? "").matchAll(LABEL)) labels[l[1]!] = l[2]!;
    series.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return series;
}

/** Sum of a metric over the series whose labels include every given label value. */
export function sum(series: Series[], name: string, match: Record<string, string>): number {
  return series
    .filter((s) => s.name === name && Object.entries(match).every(([k, v]) => s.labels[k] === v))
    .reduce((total, s) => total + s.value, 0);
}

/** Every ztunnel pod's series (one pod per node), scraped now. */
export async function scrapeZtunnels(kc: KubeConfig, namespace: string): Promise<Series[]> {
  const pods = await kc
    .makeApiClient(CoreV1Api)
    .listNamespacedPod({ namespace, labelSelector: "app=ztunnel" });
  const all: Series[] = [];
  for (const pod of pods.items) {
    const name = pod.metadata?.name ?? "";
    const res = await apiGet(
      kc,
      `/api/v1/namespaces/${namespace}/pods/${name}:15020/proxy/metrics`,
    );
    if (res.status !== 200) throw new Error(`ztunnel ${name} metrics: HTTP ${res.status}`);
    all.push(...parseExposition(res.body));
  }
  return all;
}
