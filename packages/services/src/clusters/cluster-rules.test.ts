import { describe, expect, it } from "vitest";
import { clusterRules, type ClusterSettings } from "./cluster-rules";

const settings = (over: Partial<ClusterSettings>): ClusterSettings => ({
  mode: "production",
  outboundPolicy: undefined,
  outboundAllow: undefined,
  inClusterWorkspaces: undefined,
  kubernetesServiceHost: undefined,
  kubernetesServicePort: undefined,
  ...over,
});

/** What an operator's environment can and cannot make of the rules both processes start with. */
describe("clusterRules from the environment", () => {
  it("refuses to start a production deployment on the local or test policy", () => {
    for (const outboundPolicy of ["local", "test"])
      expect(() => clusterRules(settings({ outboundPolicy }))).toThrow(
        /^MESHBENCH_OUTBOUND_POLICY: production mode uses the production policy/,
      );
    expect(clusterRules(settings({})).outboundPolicy?.mode).toBe("production");
    expect(clusterRules(settings({ mode: "local" })).outboundPolicy?.mode).toBe("local");
  });

  it("fails the start on a range that is not a CIDR, naming the setting", () => {
    expect(() => clusterRules(settings({ outboundAllow: "10.0.0.0/8,not-a-range" }))).toThrow(
      /^MESHBENCH_OUTBOUND_\*: /,
    );
  });

  it("enables in-cluster mode only for the workspaces listed", () => {
    expect(clusterRules(settings({})).inCluster).toBeNull();
    expect(clusterRules(settings({ inClusterWorkspaces: " , " })).inCluster).toBeNull();
    expect(
      clusterRules(
        settings({
          inClusterWorkspaces: "ws-a, ws-b",
          kubernetesServiceHost: "10.96.0.1",
          kubernetesServicePort: "443",
        }),
      ).inCluster,
    ).toEqual({ workspaceIds: ["ws-a", "ws-b"], serviceHost: "10.96.0.1", servicePort: "443" });
  });
});
