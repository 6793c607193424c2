import type { V1Pod } from "@kubernetes/client-node";
import type {
  TBenchmarkDefinition,
  TMeshDetection,
  TPathHop,
  TVariant,
} from "@meshbench/contracts";
import { resolveTopology } from "@meshbench/core";
import { GATEWAY_NAME_LABEL, TARGET_NAME } from "../manifests/labels";
import { LOAD_GENERATOR_SELECTOR } from "../manifests/load-generator";
import { sampleAppEntry } from "../manifests/sample-app";
import { call, type Kube } from "../steps/kube";
import { selectorText } from "../steps/pods";
import { serviceOfUrl } from "../steps/target-plan";
import type { HopReader } from "./readers";

/** A proxy's metrics, reached through the apiserver's pod proxy. */
export type MetricsEndpoint = {
  namespace: string;
  pod: string;
  port: number;
  path: string;
  /** "ztunnel ztunnel-abc on node n1", for problems and the environment record. */
  what: string;
};

/** Where one hop's counters are read, or why they cannot be: absent (not there) or unreadable. */
export type HopProbe =
  | { hop: TPathHop; endpoints: MetricsEndpoint[]; reader: HopReader }
  | { hop: TPathHop; absent: string }
  | { hop: TPathHop; unreadable: string };

/** Which proxies a variant's path check reads after each trial (found once, at preparation). */
export type PathProbe = { hops: HopProbe[] };

type Input = {
  namespace: string;
  variant: TVariant;
  definition: TBenchmarkDefinition;
  meshes: TMeshDetection;
};

const ZTUNNEL_METRICS = { port: 15020, path: "/metrics" };
/** pilot-agent's merged endpoint (Envoy's stats included), on sidecars and waypoints alike. */
const ENVOY_METRICS = { port: 15020, path: "/stats/prometheus" };
const LINKERD_METRICS = { port: 4191, path: "/metrics" };

const podName = (p: V1Pod) => p.metadata?.name ?? "";
const live = (pods: V1Pod[]) => pods.filter((p) => !p.metadata?.deletionTimestamp);
const hasContainer = (p: V1Pod, name: string) =>
  (p.spec?.containers ?? []).some((c) => c.name === name) ||
  (p.spec?.initContainers ?? []).some((c) => c.name === name && c.restartPolicy === "Always");

/**
 * The workload name Istio reports for a pod (its telemetry's `*_workload` label): a Deployment's
 * pod by its ReplicaSet less the pod-template hash, any other controller's by its name, a bare
 * pod by its own.
 */
export function workloadNameOf(pod: Pick<V1Pod, "metadata">): string {
  const owner =
    pod.metadata?.ownerReferences?.find((o) => o.controller) ?? pod.metadata?.ownerReferences?.[0];
  if (!owner) return pod.metadata?.name ?? "";
  const hash = pod.metadata?.labels?.["pod-template-hash"];
  if (owner.kind === "ReplicaSet" && hash && owner.name.endsWith(`-${hash}`))
    return owner.name.slice(0, -hash.length - 1);
  return owner.name;
}

/** The Service the variant's load enters, in its namespace or (a Service URL's) another. */
function entryService(input: Input): { service: string; namespace: string } | null {
  const { variant: v, definition: def, namespace } = input;
  if (v.entry) return { service: v.entry.service, namespace };
  const t = def.target;
  switch (t.kind) {
    case "fortio-echo":
      return { service: TARGET_NAME, namespace };
    case "sample-app":
      return { service: sampleAppEntry(t), namespace };
    case "workload":
      return { service: t.entry.service, namespace };
    case "service-url":
      return serviceOfUrl(t.variantUrls[v.name] ?? t.url ?? "");
  }
}

async function podsOf(k: Kube, namespace: string, labelSelector: string) {
  return live((await call(k, (a) => a.core.listNamespacedPod({ namespace, labelSelector }))).items);
}

/** The entry Service's pods, or why they cannot be known. */
async function entryPods(k: Kube, input: Input): Promise<V1Pod[] | string> {
  const entry = entryService(input);
  if (!entry) return "the target's URL names no <service>.<namespace>.svc host";
  const svc = await call(k, (a) =>
    a.core.readNamespacedService({ name: entry.service, namespace: entry.namespace }),
  );
  const selector = svc.spec?.selector ?? {};
  if (!Object.keys(selector).length) return `the entry Service ${entry.service} has no selector`;
  const pods = await podsOf(k, entry.namespace, selectorText(selector));
  return pods.length ? pods : `the entry Service ${entry.service} selects no pod`;
}

/** ztunnel's pods by node name (its DaemonSet, wherever detection found it). */
async function ztunnelsByNode(k: Kube, meshes: TMeshDetection): Promise<Map<string, V1Pod> | null> {
  const z = meshes.istio.ztunnel;
  if (!z.found || !z.namespace || !z.name) return null;
  const ds = await call(k, (a) =>
    a.apps.readNamespacedDaemonSet({ name: z.name!, namespace: z.namespace! }),
  );
  const pods = await podsOf(k, z.namespace, selectorText(ds.spec?.selector?.matchLabels ?? {}));
  return new Map(pods.filter((p) => p.spec?.nodeName).map((p) => [p.spec!.nodeName!, p]));
}

const endpoint = (p: V1Pod, at: { port: number; path: string }, what: string): MetricsEndpoint => ({
  namespace: p.metadata?.namespace ?? "",
  pod: podName(p),
  ...at,
  what: `${what} ${podName(p)}`,
});

async function ztunnelHops(
  k: Kube,
  input: Input,
  lg: V1Pod,
  entry: V1Pod[] | string,
): Promise<HopProbe[]> {
  const byNode = await ztunnelsByNode(k, input.meshes);
  if (!byNode)
    return (["client-proxy", "server-proxy"] as const).map((hop) => ({
      hop,
      absent: "no ztunnel DaemonSet in the cluster",
    }));
  /** The ztunnels on these pods' nodes, or which node has none. */
  const on = (pods: V1Pod[]): MetricsEndpoint[] | string => {
    const nodes = [...new Set(pods.map((p) => p.spec?.nodeName ?? ""))];
    const missing = nodes.filter((n) => !byNode.has(n));
    if (missing.length) return `no ztunnel pod on node ${missing.join(", ")}`;
    return nodes.map((n) => endpoint(byNode.get(n)!, ZTUNNEL_METRICS, `ztunnel on node ${n}:`));
  };
  const client = on([lg]);
  const ns = input.namespace;
  const hops: HopProbe[] = [
    typeof client === "string"
      ? { hop: "client-proxy", absent: client }
      : {
          hop: "client-proxy",
          endpoints: client,
          reader: {
            proxy: "ztunnel",
            match: {
              reporter: "source",
              source_workload_namespace: ns,
              source_workload: workloadNameOf(lg),
            },
          },
        },
  ];
  if (typeof entry === "string") hops.push({ hop: "server-proxy", unreadable: entry });
  else {
    const server = on(entry);
    hops.push(
      typeof server === "string"
        ? { hop: "server-proxy", absent: server }
        : {
            hop: "server-proxy",
            endpoints: server,
            reader: { proxy: "ztunnel", match: { reporter: "destination", ...destination(entry) } },
          },
    );
  }
  return hops;
}

/** Istio's destination labels of the entry's workload (sidecars, ztunnel and waypoints alike). */
function destination(entry: V1Pod[]) {
  const first = entry[0]!;
  return {
    destination_workload_namespace: first.metadata?.namespace ?? "",
    destination_workload: workloadNameOf(first),
  };
}

async function waypointHop(k: Kube, input: Input, entry: V1Pod[] | string): Promise<HopProbe> {
  const name = input.variant.waypoint!;
  if (typeof entry === "string") return { hop: "waypoint", unreadable: entry };
  const pods = await podsOf(k, input.namespace, `${GATEWAY_NAME_LABEL}=${name}`);
  if (!pods.length) return { hop: "waypoint", absent: `no pod of the waypoint ${name}` };
  return {
    hop: "waypoint",
    endpoints: pods.map((p) => endpoint(p, ENVOY_METRICS, "waypoint")),
    reader: {
      proxy: "envoy",
      mtlsReported: true,
      match: { reporter: "waypoint", ...destination(entry) },
    },
  };
}

/** A sidecar mesh's two ends: the load generator's proxy and the entry pods' proxies. */
function sidecarHops(input: Input, lg: V1Pod, entry: V1Pod[] | string): HopProbe[] {
  const istio = input.variant.mesh === "istio-sidecar";
  const container = istio ? "istio-proxy" : "linkerd-proxy";
  const at = istio ? ENVOY_METRICS : LINKERD_METRICS;
  const ns = input.namespace;
  const client: HopProbe = !hasContainer(lg, container)
    ? { hop: "client-proxy", absent: `no ${container} container in the load generator's pod` }
    : {
        hop: "client-proxy",
        endpoints: [endpoint(lg, at, `${container} of`)],
        reader: istio
          ? {
              proxy: "envoy",
              mtlsReported: false,
              match: {
                reporter: "source",
                source_workload_namespace: ns,
                source_workload: workloadNameOf(lg),
              },
            }
          : { proxy: "linkerd", direction: "outbound" },
      };
  if (typeof entry === "string") return [client, { hop: "server-proxy", unreadable: entry }];
  const proxied = entry.filter((p) => hasContainer(p, container));
  const server: HopProbe = !proxied.length
    ? { hop: "server-proxy", absent: `no ${container} container in the target's pods` }
    : {
        hop: "server-proxy",
        endpoints: proxied.map((p) => endpoint(p, at, `${container} of`)),
        reader: istio
          ? {
              proxy: "envoy",
              mtlsReported: true,
              match: { reporter: "destination", ...destination(entry) },
            }
          : { proxy: "linkerd", direction: "inbound" },
      };
  return [client, server];
}

/**
 * Which proxies carry the variant's traffic, found once the variant is ready: ztunnel on the load
 * generator's node and on the entry pods' nodes (ambient), the variant's waypoint pods, the
 * sidecars of the load generator and of the entry pods (Istio, Linkerd). Hops off the declared
 * path are read too, so traffic that went another way shows. Null: nothing to check (no mesh).
 * Meshes without counters Meshbench reads get an empty probe (their path is "unchecked").
 */
export async function discoverPath(k: Kube, input: Input): Promise<PathProbe | null> {
  const { variant: v, definition: def } = input;
  if (resolveTopology(v, def.methodology).hops.length === 0) return null;
  const lg = (await podsOf(k, input.namespace, LOAD_GENERATOR_SELECTOR))[0];
  if (!lg) return { hops: [{ hop: "client-proxy", unreadable: "no load-generator pod" }] };
  const entry = await entryPods(k, input);
  const hops: HopProbe[] = [];
  if (v.mesh === "istio-ambient") hops.push(...(await ztunnelHops(k, input, lg, entry)));
  if (v.mesh === "istio-sidecar" || v.mesh === "linkerd")
    hops.push(...sidecarHops(input, lg, entry));
  if (v.waypoint && (v.mesh === "istio-ambient" || v.mesh === "kmesh"))
    hops.push(await waypointHop(k, input, entry));
  return { hops };
}

/** The probe in words, for the run's environment record. */
export function describePathProbe(probe: PathProbe | null): string {
  if (!probe) return "nothing to check (no proxy on the declared path)";
  if (!probe.hops.length) return "unchecked: this mesh has no counters Meshbench reads";
  return probe.hops
    .map((h) =>
      "endpoints" in h
        ? `${h.hop}: ${h.endpoints.map((e) => `${e.what} :${e.port}${e.path}`).join(", ")}`
        : `${h.hop}: ${"absent" in h ? h.absent : `unreadable (${h.unreadable})`}`,
    )
    .join("; ");
}
