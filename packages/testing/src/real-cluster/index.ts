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
import { findLeftovers, removeRunResources } from "./cleanup";
import { startControlPlane } from "./control-plane";
import { createNetwork } from "./network";
import { ctr, type RealNode, startNode } from "./node";
import type { ClusterPlan } from "./plan";
import { checkRealNodePreconditions } from "./preconditions";
import { type Daemon, stopDaemons, waitUntil } from "./processes";
import { claimSlot, releaseSlot, saveMachineState } from "./runs";

export type RealCluster = {
  plan: ClusterPlan;
  kubeconfig: string;
  kubeconfigPath: string;
  server: string;
  certs: TestCertificates;
  nodes: string[];
  images: { fortio: string; pause: string };
  binDir: string;
  /** Graceful teardown (pods first), then removal of everything the run created. */
  stop(): Promise<void>;
  /** What of this cluster is still on the host (for tests of the teardown). */
  leftovers(): string[];
};

export { findLeftovers } from "./cleanup";
export { planCluster, type ClusterPlan } from "./plan";
export { realNodeSkipped } from "./preconditions";
export { sweepDeadRuns } from "./runs";

export async function startRealCluster(options: { nodes?: number } = {}): Promise<RealCluster> {
  checkRealNodePreconditions();
  const artifacts: Artifacts = ensureRealNodeArtifacts();
  const { plan, swept } = await claimSlot(options.nodes ?? 2);
  if (swept.length) console.error(`[real-node] swept leftovers of dead runs: ${swept.join(", ")}`);
  mkdirSync(path.join(plan.runDir, "logs"), { recursive: true });
  const daemons: Daemon[] = [];
  const nodes: RealNode[] = [];
  let controllers: Daemon[] = [];
  let kubectl = (..._args: string[]) => "";

  const stop = async () => {
    const t0 = Date.now();
    const mark = (what: string) => {
      if (process.env.MESHBENCH_REAL_NODE_DEBUG === "1")
        console.error(`[real-node] stop: ${what} at ${Date.now() - t0} ms`);
    };
    await stopDaemons(controllers); // nothing may recreate the pods deleted next
    // Pods first, and let each kubelet stop them (CNI DEL) before containerd goes away.
    try {
      kubectl(
        "delete",
        "pods",
        "--all",
        "--all-namespaces",
        "--grace-period=0",
        "--force",
        "--wait=false",
      );
      await waitUntil(
        "pods stopped on every node",
        () => nodes.every((n) => ctr(n.plan, "tasks", "ls", "-q").trim() === ""),
        60_000,
        [],
      );
    } catch (error) {
      console.error(`[real-node] graceful pod shutdown incomplete: ${String(error)}`);
    }
    mark("pods gone");
    await stopDaemons(nodes.flatMap((n) => [n.kubeProxy, n.kubelet]));
    mark("kubelets stopped");
    await stopDaemons(nodes.map((n) => n.containerd));
    mark("containerd stopped");
    // The apiserver before etcd: without etcd its shutdown hangs until SIGKILL.
    const etcd = daemons.filter((d) => d.name === "etcd");
    await stopDaemons(daemons.filter((d) => !controllers.includes(d) && !etcd.includes(d)));
    await stopDaemons(etcd);
    mark("control plane stopped");
    await removeRunResources(plan);
    await releaseSlot(plan);
    mark("resources removed");
  };

  try {
    createNetwork(plan);
    const cp = await startControlPlane(plan, artifacts.bins);
    daemons.push(...cp.apiDaemons, ...cp.controllers, cp.coredns);
    controllers = cp.controllers;
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
        images: artifacts.images,
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
    return {
      plan,
      kubeconfig: cp.kubeconfig,
      kubeconfigPath: cp.kubeconfigPath,
      server: cp.server,
      certs: cp.certs,
      nodes: plan.nodes.map((n) => n.name),
      images: { fortio: artifacts.images.fortio, pause: artifacts.images.pause },
      binDir: artifacts.bins.k8s,
      stop,
      leftovers: () => findLeftovers(plan),
    };
  } catch (error) {
    if (process.env.MESHBENCH_KEEP_REAL_NODE !== "1") await stop();
    throw error;
  }
}
