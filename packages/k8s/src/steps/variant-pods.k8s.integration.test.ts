import { CONTAINER_ROLES_ANNOTATION, ZBenchmarkDefinition } from "@meshbench/contracts";
import { containerRole } from "@meshbench/core";
import { describe, expect, it } from "vitest";
import { KubeClusterGateway } from "../kube-cluster-gateway";
import { testConnection, testKube } from "../test-support/test-cluster";
import { declaredRoles, type RolesCache } from "../usage/declared-roles";
import { ensureNamespace } from "./namespaces";
import { deployTarget, waitForTarget } from "./targets";

const gw = () => new KubeClusterGateway(testConnection(), { pollMs: 200 });

describe("a variant's pods against a real apiserver", () => {
  it("puts pod annotations and extra containers on the target's pods; their declared roles book a user proxy as proxy", async () => {
    const g = gw();
    const k = testKube();
    const runId = "vcpod";
    const def = ZBenchmarkDefinition.parse({
      key: "k",
      name: "n",
      target: { kind: "fortio-echo" },
      variants: [
        {
          name: "hop",
          mesh: "baseline",
          podAnnotations: { "proxy.istio.io/config": "concurrency: 2" },
          extraContainers: [
            { name: "hop", args: ["proxies", "-M", "8090 http://localhost:8080"], ports: [8090] },
          ],
        },
      ],
      loadMatrix: { qps: [100], connections: [1] },
    });
    const variant = def.variants[0]!;
    try {
      const ns = await ensureNamespace(k, runId, variant);
      if (def.target.kind !== "fortio-echo") throw new Error("unreachable");
      await deployTarget(k, {
        runId,
        variant: "hop",
        namespace: ns,
        target: def.target,
        methodology: def.methodology,
        pod: variant,
      });
      const pods = await waitForTarget(k, ns, { timeoutMs: 30_000 });
      expect(pods[0]?.containers).toEqual(["echo", "hop"]);
      expect(pods[0]?.annotations).toMatchObject({
        "proxy.istio.io/config": "concurrency: 2",
        [CONTAINER_ROLES_ANNOTATION]: "proxy=hop",
      });
      const { apis } = testKube();
      let calls = 0;
      const cache: RolesCache = new Map();
      const readings = ["echo", "hop"].map((container) => ({
        namespace: ns,
        pod: pods[0]!.name,
        container,
      }));
      const declared = await declaredRoles({ apis, count: () => (calls += 1), cache }, readings);
      expect(
        readings.map((r) =>
          containerRole(r, { variantNamespaces: [ns], declared: declared(r)?.get(r.container) }),
        ),
      ).toEqual(["app", "proxy"]);
      await declaredRoles({ apis, count: () => (calls += 1), cache }, readings);
      expect(calls).toBe(1); // known pods cost no second list
    } finally {
      await g.cleanup(runId);
    }
  });
});
