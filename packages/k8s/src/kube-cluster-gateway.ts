import type {
  TBenchmarkDefinition,
  TClusterValidation,
  TMeshDetection,
  TTrialCoordinates,
  TVariant,
} from "@meshbench/contracts";
import { type Call, clusterFacts, detectClusterMeshes, validateCluster } from "./cluster/checks";
import { createKubeApis } from "./cluster/kube-apis";
import { type ClusterConnection, connectionInternals } from "./cluster/open-cluster";
import type {
  ClusterFacts,
  ClusterGateway,
  PrepareVariantInput,
  TrialHandle,
  TrialInput,
  UsageSample,
  WaitOptions,
} from "./gateway";
import { call, type Kube } from "./steps/kube";
import { type LoadGenerators, loadGenerators, scaleLoadGenerators } from "./steps/load-generator";
import { cleanup, listRunNamespaces } from "./steps/namespaces";
import { describeVariant, prepareVariant } from "./steps/prepare-variant";
import { describeLoad, podRunsEnded, restRunsEnded, startTrial, waitForTrial } from "./steps/trial";
import { deleteMeasurementPods } from "./steps/measurement-pods";
import { MEASUREMENT_FILES } from "./fortio/run-request";
import { type UsageOptions, UsageSampler } from "./usage/sampler";
import type { PathProbe } from "./path/discovery";
import { podProxyScrape, readPathCounters, type Scrape } from "./path/read-path";

type KubeClusterGatewayOptions = {
  /** How often waits poll the apiserver (trades latency for API calls). */
  pollMs?: number;
  now?: () => Date;
  /** Timeout of each Prometheus query. */
  prometheusTimeoutMs?: number;
  /** The cluster's Prometheus, which usage sampling prefers (registered with the cluster). */
  prometheusUrl?: string | null;
};

/**
 * The ClusterGateway over @kubernetes/client-node: it gets its connection, builds the typed apis
 * and wires each of the port's methods to its step (steps/, usage/, cluster/). The steps receive
 * narrow dependencies (the apis, the request counter, poll settings), never the gateway.
 */
export class KubeClusterGateway implements ClusterGateway {
  private calls = 0;
  private readonly kube: Kube;
  private readonly now: () => Date;
  /** Each variant's load-generator pod and its Fortio server. */
  private readonly loadGenerators: LoadGenerators;
  private readonly usage: UsageSampler;
  private readonly call: Call = (fn) => call(this.kube, fn);
  /** Proxies' metrics through the pod proxy (the path check's counters). */
  private readonly scrape: Scrape;

  constructor(connection: ClusterConnection, options: KubeClusterGatewayOptions = {}) {
    this.now = options.now ?? (() => new Date());
    this.kube = {
      apis: createKubeApis(connection),
      count: () => void (this.calls += 1),
      pollMs: options.pollMs ?? 1000,
    };
    this.loadGenerators = loadGenerators(this.kube, connection);
    this.scrape = podProxyScrape(this.kube, connection);
    this.usage = new UsageSampler(this.kube, {
      policy: connectionInternals(connection).policy,
      prometheusUrl: options.prometheusUrl ?? null,
      prometheusTimeoutMs: options.prometheusTimeoutMs,
      now: this.now,
    });
  }

  apiCalls() {
    return this.calls;
  }

  describeError(error: unknown) {
    // Our own errors (steps that name what failed) are kept; the cluster's are described.
    if (error instanceof Error && error.constructor === Error) return error.message;
    return this.kube.apis.describe(error);
  }

  facts(): Promise<ClusterFacts> {
    return clusterFacts(this.call);
  }

  validate(): Promise<TClusterValidation> {
    return validateCluster(this.call, this.kube.apis.describe);
  }

  detectMeshes(options: { prometheusUrl: string | null }): Promise<TMeshDetection> {
    return detectClusterMeshes(this.call, options.prometheusUrl, this.now());
  }

  describeVariant(runId: string, variant: TVariant, definition?: TBenchmarkDefinition) {
    return describeVariant(runId, variant, definition);
  }

  prepareVariant(input: PrepareVariantInput) {
    return prepareVariant(this.kube, this.loadGenerators, input);
  }

  describeLoad(
    runId: string,
    definition: TBenchmarkDefinition,
    trials: readonly { sequence: number; coordinates: TTrialCoordinates }[],
  ) {
    return describeLoad(runId, definition, trials);
  }

  startTrial(input: TrialInput, options: { beforeMeasured?: () => Promise<void> } = {}) {
    return startTrial(this.kube, this.loadGenerators, input, options);
  }

  waitForTrial(trial: TrialHandle, options: WaitOptions) {
    const ended = trial.measurementPods
      ? podRunsEnded(this.kube, trial)
      : restRunsEnded(this.fortio(trial), trial);
    return waitForTrial(ended, trial, { ...options, pollMs: this.kube.pollMs });
  }

  async readTrialResults(trial: TrialHandle) {
    const servers = this.fortio(trial);
    const texts = await Promise.all(trial.runs.map((run, i) => servers[i]!.result(run)));
    return texts.every((t) => t !== null) ? texts : null;
  }

  async scaleLoadGenerators(
    namespace: string,
    generators: number,
    options: { shouldStop?: () => Promise<boolean> } = {},
  ) {
    await scaleLoadGenerators(this.kube, this.loadGenerators, namespace, generators, {
      timeoutMs: 120_000,
      shouldStop: options.shouldStop,
    });
  }

  /** The access logs the measurement pods' `fortio load` wrote, read through their servers. */
  async readTrialAccessLogs(trial: TrialHandle) {
    if (!trial.measurementPods) return null;
    const servers = this.fortio(trial);
    const logs = await Promise.all(
      trial.runs.map((run, i) =>
        servers[i]!.result({ ...run, resultId: MEASUREMENT_FILES.accessLog }),
      ),
    );
    return logs.every((l) => l !== null) ? logs : null;
  }
  async releaseTrial(trial: TrialHandle) {
    if (!trial.measurementPods) return;
    const pods = trial.runs.map((r) => r.pod);
    await deleteMeasurementPods(this.kube, trial.namespace, pods);
  }
  /**
   * Stops the Fortio runs (deletes a trial's measurement pods); a pod already gone (namespace
   * deleted) has nothing left to stop.
   */
  async abandonTrial(trial: TrialHandle) {
    if (trial.measurementPods) return this.releaseTrial(trial).catch(() => undefined);
    const servers = this.fortio(trial);
    await Promise.all(trial.runs.map((run, i) => servers[i]!.stop(run).catch(() => undefined)));
  }

  /** Also takes `controlPlaneNamespaces` and a `prometheusUrl` override (the apiserver tests). */
  sampleUsage(namespaces: string[], options: UsageOptions): Promise<UsageSample[]> {
    return this.usage.sample(namespaces, options);
  }

  readCpuCounters(
    namespaces: string[],
    options: { meshes: TMeshDetection; alsoSample?: { namespace: string; pods: string[] }[] },
  ) {
    return this.usage.readCpuCounters(namespaces, options);
  }

  readPathCounters(probe: PathProbe) {
    return readPathCounters(probe, this.scrape);
  }

  cleanup(runId: string) {
    return cleanup(this.kube, runId);
  }

  listRunNamespaces() {
    return listRunNamespaces(this.kube);
  }

  /** The Fortio servers of the trial's runs, in generator order. */
  private fortio(trial: TrialHandle) {
    return trial.runs.map((run) => this.loadGenerators.server(trial.namespace, run.pod));
  }
}
