/**
 * The cluster's network: one namespace for the control plane and one per node, joined by a
 * bridge in the root namespace. The root namespace only carries the bridge and its own address
 * (the host reaches the apiserver through it) and forwards nothing: nodes route pod subnets to
 * each other directly over the bridge, and no namespace has a default route, so no packet of
 * these ranges can leave the machine.
 */
import { existsSync, writeFileSync } from "node:fs";
import { inNetns, run } from "./host";
import { type ClusterPlan, netnsNames } from "./plan";

export function createNetwork(plan: ClusterPlan) {
  // All namespaces first: `ip netns add` bind-mounts /run/netns onto itself the first time, and
  // a namespace created before that (by anyone) ends up hidden under the mount.
  for (const ns of netnsNames(plan)) run(["ip", "netns", "add", ns]);
  run(["ip", "link", "add", plan.bridge, "type", "bridge"]);
  run(["ip", "addr", "add", `${plan.hostIp}/24`, "dev", plan.bridge]);
  run(["ip", "link", "set", plan.bridge, "up"]);
  const members = [
    { ...plan.controlPlane, podCidr: undefined },
    ...plan.nodes.map((n) => ({
      netns: n.netns,
      hostVeth: n.hostVeth,
      ip: n.ip,
      podCidr: n.podCidr,
    })),
  ];
  for (const m of members) {
    run([
      "ip",
      "link",
      "add",
      m.hostVeth,
      "type",
      "veth",
      "peer",
      "name",
      "eth0",
      "netns",
      m.netns,
    ]);
    run(["ip", "link", "set", m.hostVeth, "master", plan.bridge, "up"]);
    const ns = (...args: string[]) => run(inNetns(m.netns, "ip", args));
    ns("link", "set", "lo", "up");
    ns("addr", "add", `${m.ip}/24`, "dev", "eth0");
    ns("link", "set", "eth0", "up");
    // Every other member's pod subnet through that member's bridge address.
    for (const other of members)
      if (other !== m && other.podCidr) ns("route", "add", other.podCidr, "via", other.ip);
  }
  for (const node of plan.nodes) {
    const sysctl = (key: string) => {
      // Per-namespace settings (kernel >= 5.3 for the bridge one): written inside the namespace.
      const file = `/proc/sys/${key.replaceAll(".", "/")}`;
      run(inNetns(node.netns, "sh", ["-c", `test ! -e ${file} || echo 1 > ${file}`]));
    };
    sysctl("net.ipv4.ip_forward"); // pods <-> eth0
    sysctl("net.bridge.bridge-nf-call-iptables"); // Service DNAT for pods on the same bridge
    // Locally originated packets to a ClusterIP need some route before kube-proxy's DNAT.
    run(inNetns(node.netns, "ip", ["route", "add", plan.serviceCidr, "dev", "eth0"]));
  }
  if (!existsSync("/run/netns")) throw new Error("ip netns add did not create /run/netns");
  writeFileSync(`${plan.runDir}/network.done`, "");
}
