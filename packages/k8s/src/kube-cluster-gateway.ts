import type { KubeConfig, V1Pod } from "@kubernetes/client-node";
import type {
  TBenchmarkDefinition,
  TClusterValidation,
  TMeshDetection,
  TTrialCoordinates,
  TVariant,
} from "@meshbench/contracts";
import { nodeInventory } from "./cluster-inventory";
import { detectClusterMeshes, validateCluster } from "./cluster-checks";
import { controlPlaneNamespaces } from "./detection";
import { extractFortioJson } from "./fortio-log";
import type {
  ClusterFacts,
  ClusterGateway,
  PrepareVariantInput,
  WaitOptions,
  TrialHandle,
  TrialInput,
  TrialOutcome,
  UsageSample,
} from "./gateway";
import { createKubeApis, type KubeApis, statusCode } from "./kube-apis";
import { LABELS, LOAD_CONTAINER, MANAGED_BY, TARGET_NAME } from "./labels";
import { buildLoadJob, type LoadJobInput } from "./manifests/load-job";
import { buildVariantNamespace } from "./manifests/namespace";
import { buildTargetDeployment, buildTargetService, type TargetInput } from "./manifests/target";
import { classifyContainer, type PodInfo } from "./mesh-verification";
import { type PrometheusState, tryPrometheus } from "./prometheus-sampling";
import { describeLoad, describeVariant, prepareVariant, startTrial } from "./trial-steps";
import { sampleUsage, type UsageState } from "./usage-sampling";

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
  private calls = 0;
  private readonly pollMs: number;
  private readonly now: () => Date;
  private readonly usage: UsageState = { previous: new Map(), mode: null, nodes: null };
  private readonly prometheus: PrometheusState = { failed: false };
  /** The cluster's Prometheus URL: sampling's default. */
  private readonly prometheusUrl: string | null;
  private readonly prometheusTimeoutMs: number | undefined;

  constructor(kubeConfig: KubeConfig, options: KubeClusterGatewayOptions = {}) {
    this.apis = createKubeApis(kubeConfig);
    this.pollMs = options.pollMs ?? 1000;
    this.now = options.now ?? (() => new Date());
    this.prometheusTimeoutMs = options.prometheusTimeoutMs;
    this.prometheusUrl = options.prometheusUrl ?? null;
  }

  apiCalls() {
    return this.calls;
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
    return validateCluster((fn) => this.call(fn));
  }

  detectMeshes(options: { prometheusUrl: string | null }): Promise<TMeshDetection> {
    return detectClusterMeshes((fn) => this.call(fn), options.prometheusUrl, this.now());
  }

  describeVariant(runId: string, variant: TVariant) {
    return describeVariant(runId, variant);
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
    return this.waitForJob(trial.namespace, trial.name, options);
  }

  async readTrialResult(trial: TrialHandle) {
    return extractFortioJson(await this.readJobResult(trial.namespace, trial.name));
  }

  abandonTrial(trial: TrialHandle) {
    return this.deleteJob(trial.namespace, trial.name);
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
    const deadline = Date.now() + options.timeoutMs;
    for (;;) {
      const d = await this.call((a) =>
        a.apps.readNamespacedDeployment({ name: TARGET_NAME, namespace }),
      );
      const want = d.spec?.replicas ?? 1;
      if ((d.status?.readyReplicas ?? 0) >= want && (d.status?.updatedReplicas ?? 0) >= want) break;
      if (Date.now() > deadline)
        throw new Error(`target not ready after ${Math.round(options.timeoutMs / 1000)} s`);
      if (await options.shouldStop?.()) throw new Error("stopped");
      await sleep(this.pollMs);
    }
    const pods = await this.call((a) =>
      a.core.listNamespacedPod({ namespace, labelSelector: `${LABELS.component}=target` }),
    );
    return pods.items.filter((p) => !p.metadata?.deletionTimestamp).map(toPodInfo);
  }

  async startLoadJob(input: LoadJobInput) {
    const body = buildLoadJob(input);
    return this.createOrKeep(() =>
      this.call((a) => a.batch.createNamespacedJob({ namespace: input.namespace, body })),
    );
  }

  async waitForJob(namespace: string, name: string, options: WaitOptions): Promise<TrialOutcome> {
    const deadline = Date.now() + options.timeoutMs;
    for (;;) {
      const job = await this.call((a) => a.batch.readNamespacedJobStatus({ name, namespace }));
      const cond = (type: string) =>
        job.status?.conditions?.find((c) => c.type === type && c.status === "True");
      if (cond("Complete")) return { status: "succeeded" };
      const failed = cond("Failed");
      if (failed)
        return {
          status: "failed",
          reason: `Job failed: ${failed.reason ?? ""} ${failed.message ?? ""}`.trim(),
        };
      if (Date.now() > deadline)
        return {
          status: "timeout",
          reason: `no result after ${Math.round(options.timeoutMs / 1000)} s`,
        };
      if (await options.shouldStop?.()) return { status: "stopped" };
      if ((job.status?.active ?? 0) > 0) await options.onRunning?.();
      await sleep(this.pollMs);
    }
  }

  async readJobResult(namespace: string, name: string) {
    const pods = await this.call((a) =>
      a.core.listNamespacedPod({ namespace, labelSelector: `job-name=${name}` }),
    );
    const pod = pods.items.find((p) => p.status?.phase === "Succeeded") ?? pods.items[0];
    if (!pod?.metadata?.name) throw new Error(`no pod found for Job ${name}`);
    const podName = pod.metadata.name;
    return this.call((a) =>
      a.core.readNamespacedPodLog({ name: podName, namespace, container: LOAD_CONTAINER }),
    );
  }

  async deleteJob(namespace: string, name: string) {
    await this.call((a) =>
      a.batch.deleteNamespacedJob({ name, namespace, propagationPolicy: "Background" }),
    ).catch((error: unknown) => {
      if (statusCode(error) !== 404) throw error;
    });
  }

  async sampleUsage(
    namespaces: string[],
    options: {
      /** The control planes sampled alongside come from the detected meshes, or are named. */
      meshes?: TMeshDetection;
      controlPlaneNamespaces?: string[];
      prometheusUrl?: string | null;
      onNotice?: (message: string) => void;
    },
  ): Promise<UsageSample[]> {
    const controlPlanes =
      options.controlPlaneNamespaces ??
      (options.meshes ? controlPlaneNamespaces(options.meshes) : []);
    const all = [...namespaces, ...controlPlanes];
    const url = options.prometheusUrl === undefined ? this.prometheusUrl : options.prometheusUrl;
    const readings =
      (await tryPrometheus(
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
    return readings.map((r) => ({
      ...r,
      role: classifyContainer(r, { controlPlaneNamespaces: controlPlanes }),
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
