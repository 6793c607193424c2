import type { TClusterValidation, TMeshDetection, TMeshKind, TVariant } from "@meshbench/contracts";
import type { LoadJobInput } from "./manifests/load-job";
import type { TargetInput } from "./manifests/target";
import type { PodInfo } from "./mesh-verification";

export type JobOutcome =
  | { status: "succeeded" }
  | { status: "failed"; reason: string }
  | { status: "timeout"; reason: string }
  | { status: "stopped" };

export type UsageSample = {
  namespace: string;
  pod: string;
  container: string;
  role: "proxy" | "ztunnel" | "waypoint" | "control_plane" | "app" | "load_generator";
  cpuMillicores: number;
  memoryBytes: number;
  sampledAt: Date;
};

export type ClusterFacts = {
  serverVersion: string | null;
  nodes: TClusterValidation["nodes"];
};

/**
 * Everything the scheduler asks of a cluster, in domain words. The adapter over client-node
 * (KubeClusterGateway) implements it; tests run it against a real apiserver.
 */
export interface ClusterGateway {
  validate(): Promise<TClusterValidation>;
  detectMeshes(options: { prometheusUrl: string | null }): Promise<TMeshDetection>;
  ensureNamespace(runId: string, variant: TVariant): Promise<string>;
  deployTarget(input: TargetInput): Promise<void>;
  /** Waits until the target Deployment is ready; returns its pods (for the mesh check). */
  waitForTarget(
    namespace: string,
    options: { timeoutMs: number; shouldStop?: () => Promise<boolean> },
  ): Promise<PodInfo[]>;
  /** Creates the trial's Job; an existing Job of the same name (a resumed run) is kept. */
  startLoadJob(input: LoadJobInput): Promise<"created" | "exists">;
  waitForJob(
    namespace: string,
    name: string,
    options: {
      timeoutMs: number;
      shouldStop?: () => Promise<boolean>;
      onRunning?: () => Promise<void>;
    },
  ): Promise<JobOutcome>;
  /** The load generator's log (Fortio's JSON result and its own log lines). */
  readJobResult(namespace: string, name: string): Promise<string>;
  deleteJob(namespace: string, name: string): Promise<void>;
  /**
   * CPU/memory per container: through Prometheus when a URL is configured (by default the one
   * `detectMeshes` was given), else (or once Prometheus fails, said once through `onNotice`)
   * metrics.k8s.io or the kubelets.
   */
  sampleUsage(
    namespaces: string[],
    options: {
      controlPlaneNamespaces: string[];
      prometheusUrl?: string | null;
      onNotice?: (message: string) => void;
    },
  ): Promise<UsageSample[]>;
  /** Deletes every namespace the run created; returns their names. */
  cleanup(runId: string): Promise<string[]>;
  /** Namespaces created by Meshbench, with their run id (for the orphan sweeper). */
  listRunNamespaces(): Promise<{ namespace: string; runId: string }[]>;
  facts(): Promise<ClusterFacts>;
  /** How many apiserver requests this gateway has made (for cost figures). */
  apiCalls(): number;
}

export type { TMeshKind };
