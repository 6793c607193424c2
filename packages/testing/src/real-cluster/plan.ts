/**
 * Names and addresses of one real-node cluster, derived from a slot number so that a run and
 * the sweep of a dead run agree on them without any other state. Ranges are private ones
 * nothing else on the machine uses (checked with `ip addr`/`ip route` when chosen):
 *   10.250.<slot>.0/24       the host bridge joining the namespaces (host .1, control plane .2,
 *                            node i .(10+i))
 *   10.251.<16*slot+i>.0/24  node i's pod subnet (cluster CIDR 10.251.<16*slot>.0/20)
 *   10.252.<slot>.0/24       Service ClusterIPs
 */
export const RUN_ROOT = "/run/meshbench-real-node";
export const MAX_SLOTS = 16;
export const MAX_NODES = 16;

export type NodePlan = {
  name: string;
  netns: string;
  /** Host end of the veth pair; the other end is `eth0` inside the node's namespace. */
  hostVeth: string;
  ip: string;
  podCidr: string;
  dir: string;
};

export type ClusterPlan = {
  id: string;
  slot: number;
  runDir: string;
  bridge: string;
  hostIp: string;
  bridgeCidr: string;
  controlPlane: { netns: string; hostVeth: string; ip: string; dir: string };
  clusterCidr: string;
  serviceCidr: string;
  apiServiceIp: string;
  nodes: NodePlan[];
};

export function planCluster(slot: number, nodeCount: number): ClusterPlan {
  if (!Number.isInteger(slot) || slot < 0 || slot >= MAX_SLOTS) throw new Error(`bad slot ${slot}`);
  if (nodeCount < 1 || nodeCount > MAX_NODES)
    throw new Error(`1..${MAX_NODES} nodes, not ${nodeCount}`);
  const id = `mbrn${slot}`;
  const runDir = `${RUN_ROOT}/${id}`;
  return {
    id,
    slot,
    runDir,
    bridge: id,
    hostIp: `10.250.${slot}.1`,
    bridgeCidr: `10.250.${slot}.0/24`,
    controlPlane: {
      netns: `${id}-cp`,
      hostVeth: `${id}-cp`,
      ip: `10.250.${slot}.2`,
      dir: `${runDir}/cp`,
    },
    clusterCidr: `10.251.${16 * slot}.0/20`,
    serviceCidr: `10.252.${slot}.0/24`,
    apiServiceIp: `10.252.${slot}.1`,
    nodes: Array.from({ length: nodeCount }, (_, i) => ({
      name: `${id}-n${i}`,
      netns: `${id}-n${i}`,
      hostVeth: `${id}-n${i}`,
      ip: `10.250.${slot}.${10 + i}`,
      podCidr: `10.251.${16 * slot + i}.0/24`,
      dir: `${runDir}/n${i}`,
    })),
  };
}

/** The part of a plan a test needs to check that nothing is left behind after stop(). */
export const netnsNames = (plan: ClusterPlan) => [
  plan.controlPlane.netns,
  ...plan.nodes.map((n) => n.netns),
];
