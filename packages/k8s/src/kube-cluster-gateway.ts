import type { V1Pod } from "@kubernetes/client-node";
import type {
  TBenchmarkDefinition,
  TClusterValidation,
  TMeshDetection,
  TTrialCoordinates,
  TVariant,
} from "@meshbench/contracts";
import { nodeInventory } from "./cluster/inventory";
import { detectClusterMeshes, validateCluster } from "./cluster/checks";
import { controlPlaneNamespaces } from "./cluster/detection";
import { FortioServer } from "./fortio/server";
import type {
  ClusterFacts,
  ClusterGateway,
  PrepareVariantInput,
  WaitOptions,
  TrialHandle,
  TrialInput,
  UsageSample,
} from "./gateway";
import { createKubeApis, type KubeApis, statusCode } from "./cluster/kube-apis";
import { LABELS, LOAD_GENERATOR_NAME, MANAGED_BY, TARGET_NAME } from "./manifests/labels";
import {
  buildLoadGeneratorDeployment,
  LOAD_GENERATOR_SELECTOR,
  type LoadGeneratorInput,
} from "./manifests/load-generator";
import { buildVariantNamespace } from "./manifests/namespace";
import { buildTargetDeployment, buildTargetService, type TargetInput } from "./manifests/target";
import { classifyContainer, type PodInfo } from "./steps/mesh-check";
import { proxyGet } from "./fortio/pod-proxy";
import { type PrometheusState, tryPrometheus } from "./usage/prometheus";
import {
  describeLoad,
  describeVariant,
  prepareVariant,
  startTrial,
  waitForTrial,
} from "./steps/trial";
import { createTargetSteps, type TargetSteps } from "./steps/targets";
import { UNSCHEDULABLE_GRACE_MS, unschedulableReason } from "./steps/scheduling";
import { readCpuCounters, sampleUsage, type UsageState } from "./usage/cluster-metrics";
import { declaredRoles, type RolesCache } from "./usage/declared-roles";
import {
  applyVariantConfig,
  type VariantConfigDeps,
  waitForVariantConfig,
} from "./steps/variant-config";
import { BundleClient } from "./steps/apply-bundle";
import { type ClusterConnection, connectionInternals } from "./cluster/open-cluster";
import type { BundleObject } from "./manifests/bundle";

export type KubeClusterGatewayOptions = {
  /** How often waits poll the apiserver (trades latency for API calls). */
  pollMs?: number;
  now?: () => Date;
  /** Timeout of each Prometheus query. */
  prometheusTimeoutMs?: number;
  /** The cluster's Prometheus, which usage sampling prefers (registered with the cluster). */
  prometheusUrl?: string | null;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const managedSelector = `${LABELS.managedBy}=${MANAGED_BY}`;

/** The ClusterGateway over @kubernetes/client-node; it gets its KubeConfig, builds nothing else. */
export class KubeClusterGateway implements ClusterGateway {
  private readonly apis: KubeApis;
  private readonly connection: ClusterConnection;
  /** Each prepared variant's load-generator pod, by namespace. */
  private readonly loadPods = new Map<string, string>();
  private calls = 0;
  private readonly pollMs: number;
  private readonly now: () => Date;
  private readonly usage: UsageState = { previous: new Map(), mode: null, nodes: null };
  private readonly prometheus: PrometheusState = { failed: false };
  /** The cluster's Prometheus URL: sampling's default. */
  private readonly prometheusUrl: string | null;
  private readonly prometheusTimeoutMs: number | undefined;
  /** Sample app, workload and per-variant Service operations (target-kube.ts). */
  readonly targets: TargetSteps;
  /** Generic object API for variant manifests (any kind the cluster serves). */
  private readonly objects: BundleClient;
  /** Pods' declared container roles, by namespace/pod (refreshed when an unknown pod appears). */
  private readonly roles: RolesCache = new Map();

  constructor(connection: ClusterConnection, options: KubeClusterGatewayOptions = {}) {
    this.apis = createKubeApis(connection);
    this.connection = connection;
    this.pollMs = options.pollMs ?? 1000;
    this.now = options.now ?? (() => new Date());
    this.prometheusTimeoutMs = options.prometheusTimeoutMs;
    this.prometheusUrl = options.prometheusUrl ?? null;
    this.objects = BundleClient.fromConnection(connection);
    this.targets = createTargetSteps({
      call: (fn) => this.call(fn),
      bundle: {
        client: this.objects,
        onCall: () => (this.calls += 1),
        describe: this.apis.describe,
      },
      untilTrue: (what, check, o) => this.untilTrue(what, check, o),
    });
  }

  apiCalls() {
    return this.calls;
  }

  describeError(error: unknown) {
    // Our own errors (steps that name what failed) are kept; the cluster's are described.
    if (error instanceof Error && error.constructor === Error) return error.message;
    return this.apis.describe(error);
  }

  private call<T>(fn: (apis: KubeApis) => Promise<T>): Promise<T> {
    this.calls += 1;
    return fn(this.apis);
  }

  async facts(): Promise<ClusterFacts> {
    const version = await this.call((a) => a.version.getCode());
    const nodes = await this.call((a) => a.core.listNode());
    return { serverVersion: version.gitVersion, nodes: nodeInventory(nodes.items) };
  }

  validate(): Promise<TClusterValidation> {
    return validateCluster((fn) => this.call(fn), this.apis.describe);
  }

  detectMeshes(options: { prometheusUrl: string | null }): Promise<TMeshDetection> {
    return detectClusterMeshes((fn) => this.call(fn), options.prometheusUrl, this.now());
  }

  describeVariant(runId: string, variant: TVariant, definition?: TBenchmarkDefinition) {
    return describeVariant(runId, variant, definition);
  }

  prepareVariant(input: PrepareVariantInput) {
    return prepareVariant(this, input);
  }

  describeLoad(
    runId: string,
    definition: TBenchmarkDefinition,
    trials: readonly { sequence: number; coordinates: TTrialCoordinates }[],
  ) {
    return describeLoad(runId, definition, trials);
  }

  startTrial(input: TrialInput) {
    return startTrial(this, input);
  }

  waitForTrial(trial: TrialHandle, options: WaitOptions) {
    return waitForTrial(this.fortio(trial.namespace, trial.pod), trial, {
      ...options,
      pollMs: this.pollMs,
    });
  }

  readTrialResult(trial: TrialHandle) {
    return this.fortio(trial.namespace, trial.pod).result(trial);
  }

  /** Stops the Fortio run; a pod already gone (namespace deleted) has nothing left to stop. */
  async abandonTrial(trial: TrialHandle) {
    await this.fortio(trial.namespace, trial.pod)
      .stop(trial)
      .catch(() => undefined);
  }

  private fortio(namespace: string, pod: string) {
    return new FortioServer(
      (path, timeoutMs) => this.call(() => proxyGet(this.connection, path, timeoutMs)),
      namespace,
      pod,
    );
  }

  private get configDeps(): VariantConfigDeps {
    return {
      apis: this.apis,
      objects: this.objects,
      count: () => (this.calls += 1),
      pollMs: this.pollMs,
    };
  }

  /** The variant's manifests created in its namespace (before its target). */
  applyVariantConfig(runId: string, variant: TVariant, namespace: string) {
    return applyVariantConfig(this.configDeps, { runId, variant, namespace });
  }

  /** Manifests ready and, for a waypoint variant, the waypoint able to carry traffic. */
  waitForVariantConfig(input: {
    namespace: string;
    variant: TVariant;
    objects: BundleObject[];
    timeoutMs: number;
    shouldStop?: () => Promise<boolean>;
  }) {
    return waitForVariantConfig(this.configDeps, input);
  }

  async deployLoadGenerator(input: LoadGeneratorInput) {
    const body = buildLoadGeneratorDeployment(input);
    await this.createOrKeep(() =>
      this.call((a) => a.apps.createNamespacedDeployment({ namespace: input.namespace, body })),
    );
  }

  async waitForLoadGenerator(
    namespace: string,
    options: { timeoutMs: number; shouldStop?: () => Promise<boolean> },
  ) {
    await this.waitForDeployment(namespace, LOAD_GENERATOR_NAME, options);
    return this.loadGenerator(namespace, { refresh: true });
  }

  /** The variant's Ready load-generator pod (remembered; looked up again after a restart). */
  async loadGenerator(namespace: string, options: { refresh?: boolean } = {}) {
    let pod = options.refresh ? undefined : this.loadPods.get(namespace);
    if (!pod) {
      const pods = await this.call((a) =>
        a.core.listNamespacedPod({ namespace, labelSelector: LOAD_GENERATOR_SELECTOR }),
      );
      pod = pods.items.find(
        (p) =>
          !p.metadata?.deletionTimestamp &&
          p.status?.conditions?.some((c) => c.type === "Ready" && c.status === "True"),
      )?.metadata?.name;
      if (!pod) throw new Error(`no Ready load-generator pod in ${namespace}`);
      this.loadPods.set(namespace, pod);
    }
    return this.fortio(namespace, pod);
  }

  async untilTrue(
    what: string,
    check: () => Promise<boolean>,
    options: { timeoutMs: number; shouldStop?: () => Promise<boolean> },
  ) {
    const deadline = Date.now() + options.timeoutMs;
    for (;;) {
      if (await check().catch(() => false)) return true;
      if (Date.now() > deadline) return false;
      if (await options.shouldStop?.()) throw new Error(`stopped while waiting for ${what}`);
      await sleep(Math.min(this.pollMs, 500));
    }
  }

  async ensureNamespace(runId: string, variant: TVariant) {
    const body = buildVariantNamespace(runId, variant);
    const name = body.metadata!.name!;
    await this.createOrKeep(() => this.call((a) => a.core.createNamespace({ body })));
    return name;
  }

  async deployTarget(input: TargetInput) {
    const ns = input.namespace;
    await this.createOrKeep(() =>
      this.call((a) =>
        a.core.createNamespacedService({ namespace: ns, body: buildTargetService(input) }),
      ),
    );
    await this.createOrKeep(() =>
      this.call((a) =>
        a.apps.createNamespacedDeployment({ namespace: ns, body: buildTargetDeployment(input) }),
      ),
    );
  }

  async waitForTarget(
    namespace: string,
    options: { timeoutMs: number; shouldStop?: () => Promise<boolean> },
  ) {
    await this.waitForDeployment(namespace, TARGET_NAME, options);
    const pods = await this.call((a) =>
      a.core.listNamespacedPod({ namespace, labelSelector: `${LABELS.component}=target` }),
    );
    return pods.items.filter((p) => !p.metadata?.deletionTimestamp).map(toPodInfo);
  }

  private async waitForDeployment(
    namespace: string,
    name: string,
    options: { timeoutMs: number; shouldStop?: () => Promise<boolean> },
  ) {
    const started = Date.now();
    const deadline = started + options.timeoutMs;
    for (;;) {
      const d = await this.call((a) => a.apps.readNamespacedDeployment({ name, namespace }));
      const want = d.spec?.replicas ?? 1;
      if ((d.status?.readyReplicas ?? 0) >= want && (d.status?.updatedReplicas ?? 0) >= want)
        return;
      if (Date.now() > deadline)
        throw new Error(`${name} not ready after ${Math.round(options.timeoutMs / 1000)} s`);
      if (Date.now() - started > UNSCHEDULABLE_GRACE_MS) {
        const selector = Object.entries(d.spec?.selector?.matchLabels ?? {})
          .map(([k, v]) => `${k}=${v}`)
          .join(",");
        const pods = await this.call((a) =>
          a.core.listNamespacedPod({ namespace, labelSelector: selector }),
        );
        const reason = unschedulableReason(pods.items);
        if (reason) throw new Error(`${name} not ready: ${reason}`);
      }
      if (await options.shouldStop?.()) throw new Error("stopped");
      await sleep(this.pollMs);
    }
  }

  async sampleUsage(
    namespaces: string[],
    options: {
      /** The control planes sampled alongside come from the detected meshes, or are named. */
      meshes?: TMeshDetection;
      controlPlaneNamespaces?: string[];
      prometheusUrl?: string | null;
      onNotice?: (message: string) => void;
      alsoSample?: { namespace: string; pods: string[] }[];
    },
  ): Promise<UsageSample[]> {
    const controlPlanes =
      options.controlPlaneNamespaces ??
      (options.meshes ? controlPlaneNamespaces(options.meshes) : []);
    const also = options.alsoSample ?? [];
    const all = [...new Set([...namespaces, ...controlPlanes, ...also.map((a) => a.namespace)])];
    const url = options.prometheusUrl === undefined ? this.prometheusUrl : options.prometheusUrl;
    const readings =
      (await tryPrometheus(
        connectionInternals(this.connection).policy,
        url,
        all,
        this.prometheus,
        options.onNotice,
        this.prometheusTimeoutMs,
      )) ??
      (await sampleUsage(
        { apis: this.apis, count: () => (this.calls += 1), state: this.usage, now: this.now },
        all,
      ));
    const kept = keepAlsoSampled(readings, namespaces, controlPlanes, also);
    const declared = await declaredRoles(
      { apis: this.apis, count: () => (this.calls += 1), cache: this.roles },
      kept,
    );
    return kept.map((r) => ({
      ...r,
      role: classifyContainer(r, {
        controlPlaneNamespaces: controlPlanes,
        declared: declared(r),
      }),
    }));
  }

  async readCpuCounters(
    namespaces: string[],
    options: { meshes: TMeshDetection; alsoSample?: { namespace: string; pods: string[] }[] },
  ) {
    const controlPlanes = controlPlaneNamespaces(options.meshes);
    // Prometheus, when the cluster has one, is what sampling uses: its rates stand.
    if (this.prometheusUrl && !this.prometheus.failed) return null;
    const also = options.alsoSample ?? [];
    const readings = await readCpuCounters(
      { apis: this.apis, count: () => (this.calls += 1), state: this.usage, now: this.now },
      [...new Set([...namespaces, ...controlPlanes, ...also.map((a) => a.namespace)])],
    );
    if (!readings) return null;
    // The same scope and roles as sampleUsage: declared roles first, then detection.
    const kept = keepAlsoSampled(readings, namespaces, controlPlanes, also);
    const declared = await declaredRoles(
      { apis: this.apis, count: () => (this.calls += 1), cache: this.roles },
      kept,
    );
    return kept.map((r) => ({
      ...r,
      role: classifyContainer(r, { controlPlaneNamespaces: controlPlanes, declared: declared(r) }),
    }));
  }

  async cleanup(runId: string) {
    const list = await this.call((a) =>
      a.core.listNamespace({ labelSelector: `${managedSelector},${LABELS.run}=${runId}` }),
    );
    const names = list.items.map((n) => n.metadata?.name ?? "").filter(Boolean);
    await Promise.all(
      names.map((name) =>
        this.call((a) => a.core.deleteNamespace({ name })).catch((error: unknown) => {
          if (statusCode(error) !== 404) throw error;
        }),
      ),
    );
    return names;
  }

  async listRunNamespaces() {
    const list = await this.call((a) => a.core.listNamespace({ labelSelector: managedSelector }));
    return list.items
      .filter((n) => !n.metadata?.deletionTimestamp)
      .map((n) => ({
        namespace: n.metadata?.name ?? "",
        runId: n.metadata?.labels?.[LABELS.run] ?? "",
      }))
      .filter((n) => n.namespace && n.runId);
  }

  /** Create, treating "already exists" as success: every name is deterministic (restart safety). */
  private async createOrKeep(create: () => Promise<unknown>): Promise<"created" | "exists"> {
    try {
      await create();
      return "created";
    } catch (error) {
      if (statusCode(error) === 409) return "exists";
      throw error;
    }
  }
}

/** Other namespaces' readings only for the pods asked for (a shared app namespace has more). */
function keepAlsoSampled<R extends { namespace: string; pod: string }>(
  readings: R[],
  namespaces: string[],
  controlPlanes: string[],
  also: { namespace: string; pods: string[] }[],
) {
  if (also.length === 0) return readings;
  const whole = new Set([...namespaces, ...controlPlanes]);
  const pods = new Set(also.flatMap((a) => a.pods.map((p) => `${a.namespace}/${p}`)));
  return readings.filter((r) => whole.has(r.namespace) || pods.has(`${r.namespace}/${r.pod}`));
}

function toPodInfo(p: V1Pod): PodInfo {
  return {
    name: p.metadata?.name ?? "",
    nodeName: p.spec?.nodeName ?? null,
    annotations: p.metadata?.annotations ?? {},
    containers: (p.spec?.containers ?? []).map((c) => c.name),
    sidecarInitContainers: (p.spec?.initContainers ?? [])
      .filter((c) => c.restartPolicy === "Always")
      .map((c) => c.name),
  };
}
