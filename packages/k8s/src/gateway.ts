import type { PathReadings } from "@meshbench/core";
import type { PathProbe } from "./path/discovery";
import type {
  TBenchmarkDefinition,
  TClusterValidation,
  TResolvedHeader,
  TMeshDetection,
  TResourceRole,
  TTrialCoordinates,
  TVariant,
} from "@meshbench/contracts";

export type TrialOutcome =
  | { status: "succeeded" }
  | { status: "failed"; reason: string }
  | { status: "timeout"; reason: string }
  | { status: "stopped" };

export type UsageSample = {
  namespace: string;
  pod: string;
  container: string;
  role: TResourceRole;
  cpuMillicores: number;
  memoryBytes: number;
  sampledAt: Date;
};

/** A container's cumulative CPU (core-seconds) at the kubelet's stats time. */
export type CpuCounterReading = {
  namespace: string;
  pod: string;
  container: string;
  role: TResourceRole;
  cpuSecondsTotal: number | null;
  memoryBytes: number | null;
  timestampMs: number;
};

export type ClusterFacts = {
  serverVersion: string | null;
  nodes: TClusterValidation["nodes"];
};

/** A variant ready to be measured, or the reason it cannot be (e.g. its mesh did not take effect). */
/** The load generator's CPU limit (summed over its containers) and its node's allocatable CPU. */
export type LoadGeneratorCpuRoom = {
  cpuLimitMillicores: number | null;
  nodeAllocatableMillicores: number | null;
};

export type PreparedVariant = {
  namespace: string;
  problem: string | null;
  /** Where the load generator's CPU ceiling comes from (core's loadGeneratorCeiling). */
  loadGeneratorCpu?: LoadGeneratorCpuRoom;
  /** The target's pods' CPU limit in the namespace, summed; null when one is unlimited. */
  targetCpuLimitMillicores?: number | null;
  /** Target pods in other namespaces (a per-variant Service URL's), sampled with the variant. */
  alsoSample?: { namespace: string; pods: string[] }[];
  /** What was not checked or applied, for the run's environment record. */
  notes?: string[];
  /**
   * The proxies whose counters the path check reads after each trial (ztunnels, sidecars,
   * waypoints); null: nothing to check (no proxy on the declared path). Opaque to the worker,
   * which hands it back to `readPathCounters`.
   */
  path?: PathProbe | null;
};

/** Where a variant runs and what switches its mesh on (for the run's environment snapshot). */
type VariantDescription = {
  namespace: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  /** Pod annotations, extra containers, manifests, entry, load generator's mesh rule (readable). */
  settings?: Record<string, string>;
};

/** One load generator's Fortio run of a trial: its pod, RunID and ResultID. */
export type GeneratorRun = { pod: string; runId: number; resultId: string };

/**
 * A trial whose load is being produced; opaque to callers. Here: a Fortio run on each of the
 * trial's load-generator pods (one per generator, in generator order), all labelled `name`.
 */
export type TrialHandle = {
  namespace: string;
  name: string;
  runs: GeneratorRun[];
  /** When the load is due to end (ms since epoch): no status polls before then. */
  endsAt: number;
  /** A run a previous worker started and this one found still going (by its label). */
  resumed: boolean;
  /**
   * methodology.rateSeries: each generator's measured run is a pod of its own (`runs[i].pod`),
   * which also keeps the run's access log; deleted by `releaseTrial` or `abandonTrial`.
   */
  measurementPods?: boolean;
};

export type TrialInput = {
  runId: string;
  definition: TBenchmarkDefinition;
  /** The prepared variant's namespace. */
  namespace: string;
  sequence: number;
  coordinates: TTrialCoordinates;
  /**
   * The variant's request headers with their secrets' values, opened by the caller for this
   * request: sent in the run's body, never stored, logged or described (descriptions show
   * `<secret:name>`). Default none.
   */
  requestHeaders?: readonly TResolvedHeader[];
  /**
   * How many of the variant's load generators carry the trial (its load split over them);
   * default the methodology's `loadGenerators` (1 for "auto", whose probe sets it).
   */
  generators?: number;
};

export type Stopper = () => Promise<boolean>;

export type PrepareVariantInput = {
  runId: string;
  definition: TBenchmarkDefinition;
  variant: TVariant;
  meshes: TMeshDetection;
  shouldStop?: Stopper;
  /** The variant's request headers, opened (the reachability check sends them, e.g. a token). */
  requestHeaders?: readonly TResolvedHeader[];
};

export type WaitOptions = {
  timeoutMs: number;
  shouldStop?: Stopper;
  onRunning?: () => Promise<void>;
};

/**
 * Everything the scheduler asks of a cluster, in domain words: prepare a variant, run a trial,
 * read its result, sample usage, clean up. How a trial's load is produced (a run of the
 * variant's long-lived Fortio server, through its REST API) stays behind it. KubeClusterGateway implements it; tests run it against a real
 * apiserver.
 */
export interface ClusterGateway {
  /**
   * An error from this cluster in words safe to store and show: the apiserver's own reason only
   * when it is TLS-verified; otherwise an HTTP status or a network category (never a body).
   */
  describeError(error: unknown): string;
  validate(): Promise<TClusterValidation>;
  detectMeshes(options: { prometheusUrl: string | null }): Promise<TMeshDetection>;
  facts(): Promise<ClusterFacts>;
  describeVariant(
    runId: string,
    variant: TVariant,
    definition?: TBenchmarkDefinition,
  ): VariantDescription;
  /** Namespace with the mesh's labels, the target deployed and ready, the mesh verified. */
  prepareVariant(input: PrepareVariantInput): Promise<PreparedVariant>;
  /** The load generator's exact request per variant and load level (environment record). */
  describeLoad(
    runId: string,
    definition: TBenchmarkDefinition,
    trials: readonly { sequence: number; coordinates: TTrialCoordinates }[],
  ): Record<string, string>;
  /**
   * Starts producing the trial's load; a resumed run finds the trial already started.
   * `beforeMeasured` runs after the warm-up, right before the measured run starts (never for a
   * resumed one): the path check reads its "before" counters there.
   */
  startTrial(
    input: TrialInput,
    options?: { beforeMeasured?: () => Promise<void> },
  ): Promise<TrialHandle>;
  waitForTrial(trial: TrialHandle, options: WaitOptions): Promise<TrialOutcome>;
  /**
   * Each load generator's saved result document (Fortio JSON), in generator order, or null when
   * one saved none.
   */
  readTrialResults(trial: TrialHandle): Promise<string[] | null>;
  /**
   * Each load generator's access log (Fortio's JSON lines, one per request), in generator order,
   * for a trial of measurement pods; null for REST runs, which keep none. Optional: fakes may
   * lack it.
   */
  readTrialAccessLogs?(trial: TrialHandle): Promise<string[] | null>;
  /** Removes what the trial left once read (its measurement pods; nothing for REST runs). */
  releaseTrial?(trial: TrialHandle): Promise<void>;
  /**
   * The variant's load generators scaled to `generators` Fortio pods, all Ready ("auto" load
   * generators). Optional: fakes may lack it (then "auto" stays at one generator).
   */
  scaleLoadGenerators?(
    namespace: string,
    generators: number,
    options: { shouldStop?: Stopper },
  ): Promise<void>;
  /** Stops and removes a trial that will not be read (failed or timed out). */
  abandonTrial(trial: TrialHandle): Promise<void>;
  /**
   * CPU/memory per container of the namespaces and the meshes' control planes: through
   * Prometheus when the cluster has a URL, else (or once Prometheus fails, said once through
   * `onNotice`) metrics.k8s.io or the kubelets.
   */
  sampleUsage(
    namespaces: string[],
    options: {
      meshes: TMeshDetection;
      onNotice?: (message: string) => void;
      /** Only these pods of these other namespaces (PreparedVariant.alsoSample). */
      alsoSample?: { namespace: string; pods: string[] }[];
    },
  ): Promise<UsageSample[]>;
  /**
   * The kubelets' cumulative CPU counters per container of the namespaces (and the meshes'
   * control planes), for attributing CPU by a trial's own window; null when the usage source
   * has none (metrics.k8s.io, Prometheus) or was not chosen yet. Optional: fakes may lack it.
   */
  readCpuCounters?(
    namespaces: string[],
    options: { meshes: TMeshDetection; alsoSample?: { namespace: string; pods: string[] }[] },
  ): Promise<CpuCounterReading[] | null>;
  /**
   * The path check's counters now: each hop of the variant's probe read from its proxies' own
   * metrics (through the apiserver's pod proxy), or why it could not be. Optional: fakes may lack it.
   */
  readPathCounters?(probe: PathProbe): Promise<PathReadings>;
  /** Deletes everything the run created; returns the namespaces' names. */
  cleanup(runId: string): Promise<string[]>;
  /** Namespaces created by Meshbench, with their run id (for the orphan sweeper). */
  listRunNamespaces(): Promise<{ namespace: string; runId: string }[]>;
  /** How many apiserver requests this gateway has made (for cost figures). */
  apiCalls(): number;
}
