import { describe, expect, it } from "vitest";
import { kubeletConfig } from "./configs";
import { MAX_NODES, MAX_SLOTS, planCluster } from "./plan";

describe("planCluster", () => {
  it("gives link names the kernel accepts (at most 15 characters) for every slot and node", () => {
    const plan = planCluster(MAX_SLOTS - 1, MAX_NODES);
    for (const name of [
      plan.bridge,
      plan.controlPlane.hostVeth,
      ...plan.nodes.map((n) => n.hostVeth),
    ])
      expect(name.length).toBeLessThanOrEqual(15);
  });

  it("never lets two slots or two nodes share an address range", () => {
    const ranges = Array.from({ length: MAX_SLOTS }, (_, s) => planCluster(s, MAX_NODES)).flatMap(
      (p) => [p.bridgeCidr, p.serviceCidr, ...p.nodes.map((n) => n.podCidr)],
    );
    expect(new Set(ranges).size).toBe(ranges.length);
  });

  it("keeps each node's pod subnet inside the cluster CIDR kube-proxy treats as local", () => {
    const plan = planCluster(3, MAX_NODES);
    const third = (cidr: string) => Number(cidr.split(".")[2]);
    for (const n of plan.nodes)
      expect(third(n.podCidr) - third(plan.clusterCidr)).toBeGreaterThanOrEqual(0);
    expect(third(plan.nodes.at(-1)!.podCidr) - third(plan.clusterCidr)).toBeLessThan(16);
  });

  it("gives each kubelet its own cgroup root, address and runtime socket", () => {
    const plan = planCluster(0, 2);
    const [a, b] = plan.nodes.map(
      (n) => JSON.parse(kubeletConfig(plan, n)) as Record<string, unknown>,
    );
    for (const key of ["cgroupRoot", "address", "containerRuntimeEndpoint", "podLogsDir"])
      expect(a?.[key]).not.toEqual(b?.[key]);
    expect(a?.clusterDNS).toEqual([plan.controlPlane.ip]);
  });
});
