import type { TMeshDetection } from "@meshbench/contracts";
import { containerRole } from "@meshbench/core";
import type { OutboundPolicy } from "@meshbench/outbound";
import type { KubeApis } from "../cluster/kube-apis";
import type { CpuCounterReading, UsageSample } from "../gateway";
import { readCpuCounters, sampleUsage, type UsageState } from "./cluster-metrics";
import { declaredRoles, type RolesCache } from "./declared-roles";
import { type PrometheusState, tryPrometheus } from "./prometheus";
import { sampleScope, type SampleScopeOptions } from "./sample-scope";

/**
 * The control planes and node data planes sampled alongside come from the detected meshes (or
 * control planes are named); `alsoSample`: only these pods of these other namespaces.
 */
export type UsageOptions = SampleScopeOptions & {
  /** Overrides the cluster's Prometheus URL (null: none). */
  prometheusUrl?: string | null;
  onNotice?: (message: string) => void;
};

type Scope = ReturnType<typeof sampleScope>;

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
    const scope = sampleScope(namespaces, options);
    const { prometheusUrl, policy, prometheusTimeoutMs } = this.settings;
    const url = options.prometheusUrl === undefined ? prometheusUrl : options.prometheusUrl;
    const readings =
      (await tryPrometheus(
        policy,
        url,
        scope.namespaces,
        this.prometheus,
        options.onNotice,
        prometheusTimeoutMs,
      )) ?? (await sampleUsage(this.metrics, scope.namespaces));
    return this.withRoles(readings, scope);
  }

  /** The kubelets' cumulative counters (see ClusterGateway.readCpuCounters). */
  async readCpuCounters(
    namespaces: string[],
    options: { meshes: TMeshDetection; alsoSample?: SampleScopeOptions["alsoSample"] },
  ): Promise<CpuCounterReading[] | null> {
    const scope = sampleScope(namespaces, options);
    // Prometheus, when the cluster has one, is what sampling uses: its rates stand.
    if (this.settings.prometheusUrl && !this.prometheus.failed) return null;
    const readings = await readCpuCounters(this.metrics, scope.namespaces);
    if (!readings) return null;
    // The same scope and roles as sample(): core's role rule, declared roles first.
    return this.withRoles(readings, scope);
  }

  private async withRoles<R extends { namespace: string; pod: string; container: string }>(
    readings: R[],
    scope: Scope,
  ) {
    const kept = readings.filter(scope.keep);
    const declared = await declaredRoles({ ...this.k, cache: this.roles }, kept);
    return kept.map((r) => ({
      ...r,
      role: containerRole(r, {
        variantNamespaces: scope.variantNamespaces,
        controlPlaneNamespaces: scope.controlPlanes,
        declared: declared(r)?.get(r.container),
      }),
    }));
  }
}
