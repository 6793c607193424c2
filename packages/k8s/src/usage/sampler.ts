import type { TMeshDetection } from "@meshbench/contracts";
import type { OutboundPolicy } from "@meshbench/outbound";
import type { KubeApis } from "../cluster/kube-apis";
import { controlPlaneNamespaces } from "../cluster/detection";
import type { CpuCounterReading, UsageSample } from "../gateway";
import { readCpuCounters, sampleUsage, type UsageState } from "./cluster-metrics";
import { classifyContainer } from "./container-roles";
import { declaredRoles, type RolesCache } from "./declared-roles";
import { type PrometheusState, tryPrometheus } from "./prometheus";

type PodsOf = { namespace: string; pods: string[] };

export type UsageOptions = {
  /** The control planes sampled alongside come from the detected meshes, or are named. */
  meshes?: TMeshDetection;
  controlPlaneNamespaces?: string[];
  /** Overrides the cluster's Prometheus URL (null: none). */
  prometheusUrl?: string | null;
  onNotice?: (message: string) => void;
  /** Only these pods of these other namespaces (PreparedVariant.alsoSample). */
  alsoSample?: PodsOf[];
};

type UsageSettings = {
  /** The connection's address policy: the cluster's Prometheus is a tenant URL too. */
  policy: OutboundPolicy;
  /** The cluster's Prometheus, which sampling prefers (registered with the cluster). */
  prometheusUrl: string | null;
  prometheusTimeoutMs: number | undefined;
  now: () => Date;
};

/**
 * Resource usage per container, with each container's role: through Prometheus when the cluster
 * has one (until it fails, said once), else metrics.k8s.io or the kubelets. Keeps the sources'
 * state (chosen source, previous counters, pods' declared roles) across samples of a run.
 */
export class UsageSampler {
  private readonly state: UsageState = { previous: new Map(), mode: null, nodes: null };
  private readonly prometheus: PrometheusState = { failed: false };
  private readonly roles: RolesCache = new Map();

  constructor(
    private readonly k: { apis: KubeApis; count: () => void },
    private readonly settings: UsageSettings,
  ) {}

  private get metrics() {
    return { ...this.k, state: this.state, now: this.settings.now };
  }

  async sample(namespaces: string[], options: UsageOptions): Promise<UsageSample[]> {
    const controlPlanes =
      options.controlPlaneNamespaces ??
      (options.meshes ? controlPlaneNamespaces(options.meshes) : []);
    const also = options.alsoSample ?? [];
    const all = [...new Set([...namespaces, ...controlPlanes, ...also.map((a) => a.namespace)])];
    const { prometheusUrl, policy, prometheusTimeoutMs } = this.settings;
    const url = options.prometheusUrl === undefined ? prometheusUrl : options.prometheusUrl;
    const readings =
      (await tryPrometheus(
        policy,
        url,
        all,
        this.prometheus,
        options.onNotice,
        prometheusTimeoutMs,
      )) ?? (await sampleUsage(this.metrics, all));
    return this.withRoles(readings, namespaces, controlPlanes, also);
  }

  /** The kubelets' cumulative counters (see ClusterGateway.readCpuCounters). */
  async readCpuCounters(
    namespaces: string[],
    options: { meshes: TMeshDetection; alsoSample?: PodsOf[] },
  ): Promise<CpuCounterReading[] | null> {
    const controlPlanes = controlPlaneNamespaces(options.meshes);
    // Prometheus, when the cluster has one, is what sampling uses: its rates stand.
    if (this.settings.prometheusUrl && !this.prometheus.failed) return null;
    const also = options.alsoSample ?? [];
    const readings = await readCpuCounters(this.metrics, [
      ...new Set([...namespaces, ...controlPlanes, ...also.map((a) => a.namespace)]),
    ]);
    if (!readings) return null;
    // The same scope and roles as sample(): declared roles first, then detection.
    return this.withRoles(readings, namespaces, controlPlanes, also);
  }

  private async withRoles<R extends { namespace: string; pod: string; container: string }>(
    readings: R[],
    namespaces: string[],
    controlPlanes: string[],
    also: PodsOf[],
  ) {
    const kept = keepAlsoSampled(readings, namespaces, controlPlanes, also);
    const declared = await declaredRoles({ ...this.k, cache: this.roles }, kept);
    return kept.map((r) => ({
      ...r,
      role: classifyContainer(r, { controlPlaneNamespaces: controlPlanes, declared: declared(r) }),
    }));
  }
}

/** Other namespaces' readings only for the pods asked for (a shared app namespace has more). */
function keepAlsoSampled<R extends { namespace: string; pod: string }>(
  readings: R[],
  namespaces: string[],
  controlPlanes: string[],
  also: PodsOf[],
) {
  if (also.length === 0) return readings;
  const whole = new Set([...namespaces, ...controlPlanes]);
  const pods = new Set(also.flatMap((a) => a.pods.map((p) => `${a.namespace}/${p}`)));
  return readings.filter((r) => whole.has(r.namespace) || pods.has(`${r.namespace}/${r.pod}`));
}
