/**
 * The graceful part of stop(): pods first, so each kubelet stops them and runs CNI DEL while
 * containerd is still there (killed first, containerd leaves pod namespaces mounted); then the
 * daemons in dependency order; then removal of whatever is left (cleanup.ts).
 */
import { removeRunResources } from "./cleanup";
import { ctr, type RealNode } from "./node";
import type { ClusterPlan } from "./plan";
import { type Daemon, stopDaemons, waitUntil } from "./processes";
import { releaseSlot } from "./runs";

export type Kubectl = (...args: string[]) => string;

export async function stopCluster(cluster: {
  plan: ClusterPlan;
  daemons: Daemon[];
  controllers: Daemon[];
  nodes: RealNode[];
  kubectl: Kubectl;
}) {
  const { plan, daemons, controllers, nodes, kubectl } = cluster;
  const t0 = Date.now();
  const mark = (what: string) => {
    if (process.env.MESHBENCH_REAL_NODE_DEBUG === "1")
      console.error(`[real-node] stop: ${what} at ${Date.now() - t0} ms`);
  };
  await stopDaemons(controllers); // nothing may recreate the pods deleted next
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
      nodes.map((n) => n.containerd),
    );
  } catch (error) {
    console.error(`[real-node] graceful pod shutdown incomplete: ${String(error)}`);
  }
  mark("pods gone");
  await stopDaemons(nodes.flatMap((n) => [n.kubeProxy, n.kubelet]));
  await stopDaemons(nodes.map((n) => n.containerd));
  await stopDaemons(nodes.map((n) => n.init)); // and with it whatever is left in the node
  mark("nodes stopped");
  // The apiserver before etcd: without etcd its shutdown hangs until SIGKILL (10 s).
  const etcd = daemons.filter((d) => d.name === "etcd");
  await stopDaemons(daemons.filter((d) => !controllers.includes(d) && !etcd.includes(d)));
  await stopDaemons(etcd);
  mark("control plane stopped");
  await removeRunResources(plan);
  await releaseSlot(plan);
  mark("resources removed");
}
