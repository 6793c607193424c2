/**
 * startRealCluster: a Kubernetes cluster whose nodes run real pods (containerd + runc), on this
 * machine, for tests kwok cannot serve (shared/docs/real-node.md). Every address that receives
 * traffic lives in a network namespace created here; see network.ts and plan.ts.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { TestCertificates } from "../k8s-certs";
import { type Artifacts, ensureRealNodeArtifacts } from "./artifacts";
import { findLeftovers } from "./cleanup";
import { startControlPlane } from "./control-plane";
import { createNetwork } from "./network";
import { type RealNode, startNode } from "./node";
import type { ClusterPlan } from "./plan";
import { checkRealNodePreconditions } from "./preconditions";
import { type Daemon, waitUntil } from "./processes";
import { claimSlot, saveMachineState } from "./runs";
import { type Kubectl, stopCluster } from "./teardown";
import { ensureMeshArtifacts, type MeshArtifacts } from "./mesh/artifacts";
import { installIstioAmbient, type MeshInstall } from "./mesh/istio-ambient";
import { meshLeftovers } from "./mesh/leftovers";

/** A mesh installed with the cluster. Only Istio ambient so far. */
export type MeshKind = "istio-ambient";

export type RealClusterMesh = {
  kind: MeshKind;
  namespace: string;
  artifacts: MeshArtifacts;
  /** Removes the mesh gracefully (stop() does it too); idempotent. */
  uninstall: () => Promise<void>;
  /** The mesh's traces in every node and the root namespace (call before stop()). */
  leftovers: () => string[];
};

export type RealCluster = {
  plan: ClusterPlan;
  kubeconfig: string;
  kubeconfigPath: string;
  server: string;
  certs: TestCertificates;
  nodes: string[];
  images: { fortio: string; pause: string };
  binDir: string;
  mesh?: RealClusterMesh;
  /** Graceful teardown (pods first), then removal of everything the run created. */
  stop(): Promise<void>;
  /** What of this cluster is still on the host (for tests of the teardown). */
  leftovers(): string[];
};

export { findLeftovers } from "./cleanup";
export { planCluster, type ClusterPlan } from "./plan";
export { realNodeSkipped } from "./preconditions";
export { sweepDeadRuns } from "./runs";

export async function startRealCluster(
  options: { nodes?: number; mesh?: MeshKind } = {},
): Promise<RealCluster> {
  checkRealNodePreconditions();
  const artifacts: Artifacts = ensureRealNodeArtifacts();
  // Before anything exists: an unavailable mesh leaves nothing to clean up.
  const meshArtifacts = options.mesh ? ensureMeshArtifacts() : undefined;
  const { plan, swept } = await claimSlot(options.nodes ?? 2);
  if (swept.length) console.error(`[real-node] swept leftovers of dead runs: ${swept.join(", ")}`);
  mkdirSync(path.join(plan.runDir, "logs"), { recursive: true });
  const daemons: Daemon[] = [];
  const nodes: RealNode[] = [];
  const controllers: Daemon[] = [];
  let kubectl: Kubectl = () => "";
  let mesh: MeshInstall | undefined;

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await mesh?.uninstall().catch((error: unknown) => {
        console.error(`[real-node] mesh uninstall incomplete: ${String(error)}`);
      });
      await stopCluster({ plan, daemons, controllers, nodes, kubectl });
    })());

  try {
    createNetwork(plan);
    const cp = await startControlPlane(plan, artifacts.bins);
    daemons.push(...cp.apiDaemons, ...cp.controllers, cp.coredns);
    controllers.push(...cp.controllers);
    kubectl = (...args: string[]) =>
      execFileSync(
        path.join(artifacts.bins.k8s, "kubectl"),
        [`--kubeconfig=${cp.kubeconfigPath}`, ...args],
        {
          encoding: "utf8",
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
    saveMachineState(); // before the first kubelet changes it
    for (const node of plan.nodes) {
      const started = await startNode(plan, node, {
        bins: artifacts.bins,
        images: {
          ...artifacts.images,
          archives: [...artifacts.images.archives, ...(meshArtifacts?.archives ?? [])],
        },
        kubeconfigPath: cp.kubeconfigPath,
      });
      nodes.push(started);
      daemons.push(started.containerd, started.kubelet, started.kubeProxy);
    }
    const readyNodes = () =>
      kubectl(
        "get",
        "nodes",
        "-o",
        "jsonpath={.items[*].status.conditions[?(@.type=='Ready')].status}",
      )
        .split(" ")
        .filter((s) => s === "True").length;
    await waitUntil("nodes Ready", () => readyNodes() === plan.nodes.length, 120_000, daemons);
    // The node-lifecycle controller removes the not-ready taint shortly after Ready.
    await waitUntil(
      "nodes untainted",
      () =>
        !kubectl("get", "nodes", "-o", "jsonpath={.items[*].spec.taints}").includes("not-ready"),
      60_000,
      daemons,
    );
    await waitUntil(
      "default service account",
      () => kubectl("get", "serviceaccounts", "-n", "default", "-o", "name").includes("default"),
      60_000,
      daemons,
    );
    if (meshArtifacts)
      mesh = await installIstioAmbient({ plan, kubectl, artifacts: meshArtifacts });
    return {
      plan,
      kubeconfig: cp.kubeconfig,
      kubeconfigPath: cp.kubeconfigPath,
      server: cp.server,
      certs: cp.certs,
      nodes: plan.nodes.map((n) => n.name),
      images: { fortio: artifacts.images.fortio, pause: artifacts.images.pause },
      binDir: artifacts.bins.k8s,
      mesh: mesh && {
        kind: mesh.kind,
        namespace: mesh.namespace,
        artifacts: mesh.artifacts,
        uninstall: mesh.uninstall,
        leftovers: () => meshLeftovers(plan),
      },
      stop,
      leftovers: () => findLeftovers(plan),
    };
  } catch (error) {
    if (process.env.MESHBENCH_KEEP_REAL_NODE !== "1") await stop();
    throw error;
  }
}
