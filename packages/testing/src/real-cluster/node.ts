/**
 * One real node that looks like a machine to what runs on it: an init process (the pause
 * program) is PID 1 of the node's own PID namespace, in the node's network namespace and its own
 * mount namespace, and containerd, kubelet and kube-proxy run under it. So a node agent that reads
 * /proc/1/ns/net (istio-cni) finds the node's network, and machine paths such as /etc/cni/net.d or
 * /run/ztunnel are the node's own (NODE_MOUNTS). Nothing is shared between nodes: containerd
 * root/state/socket and runc root, CNI config and bridge, kubelet root-dir, pod logs, cgroup root.
 * When the init exits, the kernel kills every process left in the node's PID namespace and its
 * mount namespace (with every mount made in it) goes away.
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { allPids, cgroupV1Mounts, childPids, inNetns, inNode, processCmdline, run } from "./host";
import {
  containerdConfig,
  cniConfig,
  kubeletConfig,
  kubeProxyConfig,
  NODE_MOUNTS,
  nodePaths,
  nodeRootPath,
} from "./configs";
import type { ClusterPlan, NodePlan } from "./plan";
import { type Daemon, startDaemon, waitUntil } from "./processes";

export type Images = { fortio: string; pause: string; archives: string[] };

export type RealNode = {
  plan: NodePlan;
  /** The node's PID 1 (the pause program); stopped last. */
  init: Daemon;
  containerd: Daemon;
  kubelet: Daemon;
  kubeProxy: Daemon;
};

/** The host PID of a running node's init (found by its command line: `<pause> <node dir>`). */
function findNodeInit(node: NodePlan): number | undefined {
  return allPids().find((pid) => {
    const argv = processCmdline(pid).trim().split(" ");
    return argv.length === 2 && argv[0]?.endsWith("/pause") && argv[1] === node.dir;
  });
}

/** Runs a command as a process of the node (its network, PID and mount namespaces). */
export function runInNode(node: NodePlan, cmd: string, args: string[]): string {
  const init = findNodeInit(node);
  if (init === undefined) throw new Error(`${node.name}: no init process`);
  return run(inNode(init, cmd, args));
}

/** The standard CNI plugins (Debian's, in /usr/lib/cni) in the node's own /opt/cni/bin. */
function linkCniPlugins(node: NodePlan) {
  const dir = nodePaths(node).cniBinDir;
  for (const plugin of readdirSync("/usr/lib/cni"))
    if (!existsSync(path.join(dir, plugin)))
      symlinkSync(path.join("/usr/lib/cni", plugin), path.join(dir, plugin));
}

/**
 * Starts the node's init: `unshare` makes the PID and mount namespaces (mounts private, so
 * nothing propagates back to the machine), then a shell makes the node's mounts shared among
 * themselves (pods' HostToContainer mounts need that), bind-mounts the node's own machine paths
 * and execs the pause program as PID 1. Resolves with its host PID once it runs.
 */
async function startNodeInit(plan: ClusterPlan, node: NodePlan, pause: string) {
  const script = [
    "set -e",
    "mount --make-rshared /",
    ...NODE_MOUNTS.map((m) => `mount --bind ${nodeRootPath(node, m)} ${m}`),
    // The node's dir as an argument: the sweep finds a node's processes by their command line.
    `exec ${pause} ${node.dir}`,
  ].join("\n");
  const init = startDaemon(
    plan,
    `${node.name}-init`,
    inNetns(node.netns, "unshare", [
      "--pid",
      "--fork",
      "--mount",
      "--mount-proc",
      "--propagation=private",
      "--kill-child=SIGKILL",
      "sh",
      "-c",
      script,
    ]),
    { forked: true },
  );
  let initPid = 0;
  await waitUntil(
    `${node.name} init`,
    () => {
      initPid = (init.child.pid && childPids(init.child.pid)[0]) || 0;
      return initPid > 0 && processCmdline(initPid).startsWith(pause);
    },
    15_000,
    [init],
  );
  return { init, initPid };
}

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
  for (const d of [p.kubeletRoot, path.dirname(p.containerdSocket)])
    mkdirSync(d, { recursive: true });
  for (const m of NODE_MOUNTS) mkdirSync(nodeRootPath(node, m), { recursive: true });
  linkCniPlugins(node);
  writeFileSync(p.containerdConfig, containerdConfig(node, deps.images.pause));
  writeFileSync(path.join(p.cniConfDir, "10-bridge.conflist"), cniConfig(node));
  writeFileSync(p.kubeletConfig, kubeletConfig(plan, node));
  writeFileSync(p.kubeProxyConfig, kubeProxyConfig(plan, node, deps.kubeconfigPath));
  createCgroupRoot(node);

  const { init, initPid } = await startNodeInit(plan, node, path.join(deps.bins.node, "pause"));
  const start = (name: string, bin: string, args: string[]) =>
    startDaemon(plan, `${node.name}-${name}`, inNode(initPid, bin, args), { forked: true });
  const containerd = start("containerd", "containerd", ["--config", p.containerdConfig]);
  await waitUntil(
    `${node.name} containerd`,
    () => existsSync(p.containerdSocket) && ctr(node, "version").includes("Server"),
    30_000,
    [init, containerd],
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
  return { plan: node, init, containerd, kubelet, kubeProxy };
}
