/**
 * What a mesh may leave on a node or on the machine, looked for where it would be: iptables rules
 * (both backends) and nftables tables in each node's network namespace and in the root one, the
 * CNI config and binary istio-cni installs, ztunnel's and istio-cni's socket dirs, and pod network
 * namespaces. Run while the cluster is up (the node namespaces are gone after stop()).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { AGENT_PATHS, nodePaths, nodeRootPath } from "../configs";
import { run } from "../host";
import { runInNode } from "../node";
import type { ClusterPlan, NodePlan } from "../plan";

const MESH = /istio|ztunnel/i;
/**
 * Kept by design: the istio-cni plugin tees its log to a rolling file in the node's
 * /var/run/istio-cni "in case the UDS server is down" (cni/pkg/plugin/plugin.go), and nothing
 * removes it; on a machine it lives in tmpfs until reboot, here it goes with the node's dir.
 */
const KEPT = new Set(["/run/istio-cni/istio-cni.log"]);

/** iptables chains/rules and nftables tables that name the mesh, as `iptables-save` prints them. */
function netfilterTraces(exec: (cmd: string, args: string[]) => string): string[] {
  const found: string[] = [];
  for (const save of ["iptables-nft-save", "iptables-legacy-save", "ip6tables-nft-save"]) {
    let rules: string;
    try {
      rules = exec(save, []);
    } catch {
      continue; // a backend this machine does not have
    }
    found.push(
      ...rules
        .split("\n")
        .filter((l) => MESH.test(l))
        .map((l) => `${save}: ${l}`),
    );
  }
  try {
    found.push(
      ...exec("nft", ["list", "tables"])
        .split("\n")
        .filter((l) => MESH.test(l))
        .map((l) => `nft: ${l}`),
    );
  } catch {
    // no nft binary
  }
  return found;
}

const entries = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

function nodeTraces(node: NodePlan): string[] {
  const found = netfilterTraces((cmd, args) => runInNode(node, cmd, args));
  const { cniConfDir, cniBinDir } = nodePaths(node);
  for (const file of entries(cniConfDir)) {
    const text = readFileSync(path.join(cniConfDir, file), "utf8");
    if (MESH.test(file) || MESH.test(text)) found.push(`/etc/cni/net.d/${file}`);
  }
  found.push(
    ...entries(cniBinDir)
      .filter((f) => MESH.test(f))
      .map((f) => `/opt/cni/bin/${f}`),
  );
  for (const dir of ["/run/ztunnel", "/run/istio-cni"] as const)
    found.push(
      ...entries(nodeRootPath(node, dir))
        .map((f) => `${dir}/${f}`)
        .filter((f) => !KEPT.has(f)),
    );
  // Every pod is gone by now: a network namespace left is one whose CNI DEL did not finish.
  found.push(...entries(nodeRootPath(node, "/run/netns")).map((f) => `/run/netns/${f}`));
  return found.map((t) => `${node.name}: ${t}`);
}

/** Traces of a mesh on the machine itself (the root namespace and its copies of node paths). */
export function machineMeshTraces(): string[] {
  const root = netfilterTraces((cmd, args) => run([cmd, ...args]));
  // The machine's own copies of the paths node agents write stay empty (the nodes bind-mount theirs).
  for (const dir of AGENT_PATHS) root.push(...entries(dir).map((f) => `${dir}/${f}`));
  return root.map((t) => `root: ${t}`);
}

/** Traces of the mesh in every node and in the root namespace; empty when there are none. */
export const meshLeftovers = (plan: ClusterPlan) => [
  ...plan.nodes.flatMap(nodeTraces),
  ...machineMeshTraces(),
];
