/**
 * Configuration files of the real-node cluster, as pure functions of the plan. Each setting that
 * is not a default is one that failed without it (shared/docs/real-node.md).
 */
import type { ClusterPlan, NodePlan } from "./plan";

/**
 * Machine paths node agents expect at fixed places (CNI config and plugins, pod network
 * namespaces, the ztunnel and istio-cni sockets, libcni's cache, the kubelet's device-plugin
 * socket, containerd's shim sockets). Each node sees its own: `<node.dir>/root<path>`, bind-mounted
 * over the path inside the node's mount namespace (node.ts), so nothing a node agent writes there
 * reaches the machine or another node. The host keeps only the empty mount points (runs.ts).
 */
export const NODE_MOUNTS = [
  "/etc/cni/net.d",
  "/opt/cni/bin",
  "/run/netns",
  "/run/ztunnel",
  "/run/istio-cni",
  "/var/lib/cni",
  "/var/lib/kubelet",
  "/run/containerd",
] as const;

/**
 * The node paths a node agent (istio-cni, ztunnel) writes: the machine's copies must stay empty.
 * (Not /var/lib/{kubelet,cni} or /run/containerd: a concurrent run of an older harness, whose
 * nodes share the machine's, may write there.)
 */
export const AGENT_PATHS = ["/etc/cni/net.d", "/opt/cni/bin", "/run/ztunnel", "/run/istio-cni"];

/** Where the node's own copy of a machine path lives, seen from the host. */
export const nodeRootPath = (node: NodePlan, machinePath: (typeof NODE_MOUNTS)[number]) =>
  `${node.dir}/root${machinePath}`;

export const nodePaths = (node: NodePlan) => ({
  containerdConfig: `${node.dir}/containerd.toml`,
  containerdSocket: `${node.dir}/containerd/containerd.sock`,
  /** The node's /etc/cni/net.d and /opt/cni/bin, seen from the host. */
  cniConfDir: nodeRootPath(node, "/etc/cni/net.d"),
  cniBinDir: nodeRootPath(node, "/opt/cni/bin"),
  kubeletConfig: `${node.dir}/kubelet.json`,
  kubeletRoot: `${node.dir}/kubelet`,
  kubeProxyConfig: `${node.dir}/kube-proxy.json`,
});

export function containerdConfig(node: NodePlan, pauseImage: string) {
  const p = nodePaths(node);
  const cri = 'plugins."io.containerd.grpc.v1.cri"';
  return `version = 2
root = "${node.dir}/containerd/root"
state = "${node.dir}/containerd/state"
disabled_plugins = ["io.containerd.snapshotter.v1.aufs", "io.containerd.snapshotter.v1.btrfs", "io.containerd.snapshotter.v1.devmapper", "io.containerd.snapshotter.v1.zfs"]

[grpc]
  address = "${p.containerdSocket}"

[plugins."io.containerd.internal.v1.opt"]
  path = "${node.dir}/containerd/opt"

[${cri}]
  sandbox_image = "${pauseImage}"
  # This sandbox may not lower oom_score_adj (the kubelet asks for -998): without this every
  # sandbox fails with "can't get final child's PID from pipe: EOF".
  restrict_oom_score_adj = true
  # Pod network namespaces in /run/netns: the node's own (NODE_MOUNTS), where istio-cni looks.
  stream_server_address = "127.0.0.1"

[${cri}.containerd]
  snapshotter = "overlayfs"
  default_runtime_name = "runc"

[${cri}.containerd.runtimes.runc]
  runtime_type = "io.containerd.runc.v2"

[${cri}.containerd.runtimes.runc.options]
  SystemdCgroup = false
  Root = "${node.dir}/runc"

# Paths inside the node's mount namespace (NODE_MOUNTS), as on a machine.
[${cri}.cni]
  bin_dir = "/opt/cni/bin"
  conf_dir = "/etc/cni/net.d"
`;
}

/** A bridge per node (inside its namespace), no masquerade: nothing leaves the machine. */
export const cniConfig = (node: NodePlan) =>
  JSON.stringify({
    cniVersion: "0.4.0",
    name: node.name,
    plugins: [
      {
        type: "bridge",
        bridge: "cni0",
        isGateway: true,
        ipMasq: false,
        hairpinMode: true,
        ipam: {
          type: "host-local",
          ranges: [[{ subnet: node.podCidr }]],
          routes: [{ dst: "0.0.0.0/0" }],
          dataDir: `${node.dir}/cni/ipam`,
        },
      },
      { type: "portmap", capabilities: { portMappings: true } },
    ],
  });

export function kubeletConfig(plan: ClusterPlan, node: NodePlan) {
  return JSON.stringify({
    apiVersion: "kubelet.config.k8s.io/v1beta1",
    kind: "KubeletConfiguration",
    address: node.ip,
    readOnlyPort: 0,
    healthzBindAddress: "127.0.0.1",
    cgroupDriver: "cgroupfs",
    // Two kubelets on one machine must not share a cgroup tree.
    cgroupRoot: `/${node.name}`,
    failSwapOn: false,
    containerRuntimeEndpoint: `unix://${nodePaths(node).containerdSocket}`,
    clusterDNS: [plan.controlPlane.ip],
    clusterDomain: "cluster.local",
    resolvConf: "", // pods get only the cluster DNS, not this machine's resolvers
    authentication: { anonymous: { enabled: true }, webhook: { enabled: false } },
    authorization: { mode: "AlwaysAllow" },
    enforceNodeAllocatable: [],
    podLogsDir: `${node.dir}/pod-logs`,
    volumePluginDir: `${node.dir}/volume-plugins`,
    // The images were imported, not pulled: image GC must never remove them.
    imageGCHighThresholdPercent: 100,
    imageGCLowThresholdPercent: 99,
    evictionHard: {
      "memory.available": "100Mi",
      "nodefs.available": "1%",
      "imagefs.available": "1%",
    },
  });
}

export function kubeProxyConfig(plan: ClusterPlan, node: NodePlan, kubeconfigPath: string) {
  return JSON.stringify({
    apiVersion: "kubeproxy.config.k8s.io/v1alpha1",
    kind: "KubeProxyConfiguration",
    clientConnection: { kubeconfig: kubeconfigPath },
    mode: "iptables",
    clusterCIDR: plan.clusterCidr,
    hostnameOverride: node.name,
    bindAddress: node.ip,
    healthzBindAddress: "127.0.0.1:10256",
    metricsBindAddress: "127.0.0.1:10249",
    detectLocalMode: "ClusterCIDR",
    // Leave machine-wide conntrack sysctls alone (0 = do not touch).
    conntrack: { maxPerCore: 0, min: 0, tcpEstablishedTimeout: "0s", tcpCloseWaitTimeout: "0s" },
    iptables: { localhostNodePorts: false },
  });
}

/** CoreDNS runs as a process in the control plane's namespace, bound to its address. */
export const corefile = (plan: ClusterPlan, kubeconfigPath: string) => `.:53 {
    bind ${plan.controlPlane.ip}
    errors
    ready ${plan.controlPlane.ip}:8181
    kubernetes cluster.local in-addr.arpa ip6.arpa {
        kubeconfig ${kubeconfigPath}
        pods insecure
        fallthrough in-addr.arpa ip6.arpa
    }
    cache 5
}
`;
