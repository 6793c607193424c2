/**
 * One real node inside its own network namespace: containerd (with the images imported before
 * the kubelet asks for a sandbox), kubelet and kube-proxy. Nothing is shared between nodes:
 * containerd root/state/socket and runc root, CNI config and bridge, kubelet root-dir, pod
 * logs, cgroup root.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { cgroupV1Mounts, run } from "./host";
import { containerdConfig, cniConfig, kubeletConfig, kubeProxyConfig, nodePaths } from "./configs";
import type { ClusterPlan, NodePlan } from "./plan";
import { type Daemon, startDaemon, waitUntil } from "./processes";

export type Images = { fortio: string; pause: string; archives: string[] };

export type RealNode = { plan: NodePlan; containerd: Daemon; kubelet: Daemon; kubeProxy: Daemon };

/** kubelet `cgroupRoot: /<node>` must exist in every v1 hierarchy ("cgroup has some missing paths"). */
function createCgroupRoot(node: NodePlan) {
  for (const mount of cgroupV1Mounts()) {
    const dir = path.join(mount, node.name);
    mkdirSync(dir, { recursive: true });
    // A new cpuset cgroup starts with no CPUs and no memory nodes: give it the parent's.
    for (const file of ["cpuset.cpus", "cpuset.mems"])
      if (existsSync(path.join(mount, file)))
        writeFileSync(path.join(dir, file), readFileSync(path.join(mount, file)));
  }
}

export const ctr = (node: NodePlan, ...args: string[]) =>
  run(["ctr", "--address", nodePaths(node).containerdSocket, "--namespace", "k8s.io", ...args]);

export async function startNode(
  plan: ClusterPlan,
  node: NodePlan,
  deps: { bins: { k8s: string; node: string }; images: Images; kubeconfigPath: string },
): Promise<RealNode> {
  const p = nodePaths(node);
  for (const d of [p.cniConfDir, p.kubeletRoot, path.dirname(p.containerdSocket)])
    mkdirSync(d, { recursive: true });
  writeFileSync(p.containerdConfig, containerdConfig(node, deps.images.pause));
  writeFileSync(path.join(p.cniConfDir, "10-bridge.conflist"), cniConfig(node));
  writeFileSync(p.kubeletConfig, kubeletConfig(plan, node));
  writeFileSync(p.kubeProxyConfig, kubeProxyConfig(plan, node, deps.kubeconfigPath));
  createCgroupRoot(node);

  const start = (name: string, bin: string, args: string[]) =>
    startDaemon(plan, `${node.name}-${name}`, node.netns, bin, args);
  const containerd = start("containerd", "containerd", ["--config", p.containerdConfig]);
  await waitUntil(
    `${node.name} containerd`,
    () => existsSync(p.containerdSocket) && ctr(node, "version").includes("Server"),
    30_000,
    [containerd],
  );
  // No registry here: the images come from local archives, imported under the names manifests use.
  for (const archive of deps.images.archives) ctr(node, "images", "import", archive);
  const kubelet = start("kubelet", path.join(deps.bins.node, "kubelet"), [
    `--config=${p.kubeletConfig}`,
    `--kubeconfig=${deps.kubeconfigPath}`,
    `--root-dir=${p.kubeletRoot}`,
    `--cert-dir=${p.kubeletRoot}/pki`, // its default is /var/lib/kubelet/pki, whatever the root-dir
    `--hostname-override=${node.name}`,
    `--node-ip=${node.ip}`,
  ]);
  const kubeProxy = start("kube-proxy", path.join(deps.bins.node, "kube-proxy"), [
    `--config=${p.kubeProxyConfig}`,
  ]);
  return { plan: node, containerd, kubelet, kubeProxy };
}
