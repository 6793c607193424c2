import type { KubeApis } from "../cluster/kube-apis";
import {
  type ContainerReading,
  cpuMillicores,
  parseCpuQuantity,
  parseMemoryQuantity,
  parseResourceMetrics,
} from "./resource-metrics";

export type UsageState = {
  previous: Map<string, ContainerReading>;
  /** metrics.k8s.io when the cluster serves it, else the kubelets' /metrics/resource via the node proxy. */
  mode: "metrics-api" | "kubelet" | "unavailable" | null;
  nodes: { name: string; path: string }[] | null;
};

export type Reading = {
  namespace: string;
  pod: string;
  container: string;
  cpuMillicores: number;
  memoryBytes: number;
  sampledAt: Date;
};

type Ctx = { apis: KubeApis; count: () => void; state: UsageState; now: () => Date };

/** metrics-server's own convention (kwok sets it): where a node serves its resource metrics. */
const PATH_ANNOTATION = "metrics.k8s.io/resource-metrics-path";

async function fromMetricsApi(ctx: Ctx, namespaces: string[]): Promise<Reading[]> {
  const out: Reading[] = [];
  for (const ns of namespaces) {
    ctx.count();
    const list = await ctx.apis.metrics.getPodMetrics(ns);
    for (const pod of list.items)
      for (const c of pod.containers)
        out.push({
          namespace: ns,
          pod: pod.metadata.name,
          container: c.name,
          cpuMillicores: parseCpuQuantity(c.usage.cpu),
          memoryBytes: parseMemoryQuantity(c.usage.memory),
          sampledAt: new Date(pod.timestamp),
        });
  }
  return out;
}

/** Every node's /metrics/resource, raw (cumulative CPU counters), for the given namespaces. */
async function scrapeKubelets(ctx: Ctx, namespaces: string[]): Promise<ContainerReading[]> {
  if (!ctx.state.nodes) {
    ctx.count();
    const nodes = await ctx.apis.core.listNode();
    ctx.state.nodes = nodes.items.map((n) => ({
      name: n.metadata?.name ?? "",
      path: (n.metadata?.annotations?.[PATH_ANNOTATION] ?? "/metrics/resource").replace(
        "{nodeName}",
        n.metadata?.name ?? "",
      ),
    }));
  }
  const wanted = new Set(namespaces);
  const out: ContainerReading[] = [];
  for (const node of ctx.state.nodes) {
    ctx.count();
    let text: string;
    try {
      text = await ctx.apis.core.connectGetNodeProxyWithPath({
        name: node.name,
        path: node.path.replace(/^\//, ""),
      });
    } catch (error) {
      // e.g. "address not allowed": the apiserver refuses to proxy to loopback node addresses.
      ctx.state.mode = "unavailable";
      throw new Error(
        `resource metrics unavailable through the node proxy: ${ctx.apis.describe(error)}`,
        { cause: error },
      );
    }
    for (const r of parseResourceMetrics(text, ctx.now().getTime()))
      if (wanted.has(r.namespace)) out.push(r);
  }
  return out;
}

async function fromKubelets(ctx: Ctx, namespaces: string[]): Promise<Reading[]> {
  const out: Reading[] = [];
  for (const r of await scrapeKubelets(ctx, namespaces)) {
    const key = `${r.namespace}/${r.pod}/${r.container}`;
    const cpu = cpuMillicores(r, ctx.state.previous.get(key));
    ctx.state.previous.set(key, r);
    if (cpu === null || r.memoryBytes === null) continue;
    out.push({
      namespace: r.namespace,
      pod: r.pod,
      container: r.container,
      cpuMillicores: cpu,
      memoryBytes: r.memoryBytes,
      sampledAt: new Date(r.timestampMs),
    });
  }
  return out;
}

/**
 * The kubelets' cumulative CPU counters as they stand (no rate taken, no sampling state
 * touched): a trial's CPU is the difference of two reads at its boundaries. Null when the
 * cluster's source has no counters (metrics.k8s.io serves rates only).
 */
export async function readCpuCounters(
  ctx: Ctx,
  namespaces: string[],
): Promise<ContainerReading[] | null> {
  if (ctx.state.mode !== "kubelet") return null;
  return scrapeKubelets(ctx, namespaces);
}

/** CPU/memory per container of the given namespaces, from whichever source the cluster has. */
export async function sampleUsage(ctx: Ctx, namespaces: string[]): Promise<Reading[]> {
  if (ctx.state.mode === null) {
    ctx.count();
    const groups = await ctx.apis.apis.getAPIVersions();
    ctx.state.mode = groups.groups.some((g) => g.name === "metrics.k8s.io")
      ? "metrics-api"
      : "kubelet";
  }
  if (ctx.state.mode === "unavailable") return [];
  return ctx.state.mode === "metrics-api"
    ? fromMetricsApi(ctx, namespaces)
    : fromKubelets(ctx, namespaces);
}
