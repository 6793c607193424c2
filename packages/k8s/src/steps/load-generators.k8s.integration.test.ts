import { CoreV1Api } from "@kubernetes/client-node";
import { ZBenchmarkDefinition, ZVariant } from "@meshbench/contracts";
import { testKubeConfig } from "@meshbench/testing/k8s";
import { describe, expect, it } from "vitest";
import { KubeClusterGateway } from "../kube-cluster-gateway";
import { LABELS } from "../manifests/labels";
import { deployLoadGenerator, loadGeneratorServers, waitForLoadGenerator } from "./load-generator";
import { ensureNamespace } from "./namespaces";
import { deployTarget, waitForTarget } from "./targets";
import { testConnection, testKube, testLoadGenerators } from "../test-support/test-cluster";

const core = testKubeConfig().makeApiClient(CoreV1Api);
const gw = () => new KubeClusterGateway(testConnection(), { pollMs: 200 });

const def = ZBenchmarkDefinition.parse({
  key: "k",
  name: "n",
  target: { kind: "fortio-echo", replicas: 1 },
  variants: [{ name: "baseline", mesh: "baseline" }],
  loadMatrix: { qps: [1000], connections: [5] },
  methodology: { loadGenerators: 2 },
});

describe("several load generators per variant (kwok)", () => {
  it("creates one Fortio pod per generator, apart from the echo and spread, and cleans them up", async () => {
    const k = testKube();
    const runId = "lgsplit1";
    try {
      const ns = await ensureNamespace(k, runId, ZVariant.parse(def.variants[0]));
      if (def.target.kind !== "fortio-echo") throw new Error("unreachable");
      await deployTarget(k, {
        runId,
        variant: "baseline",
        namespace: ns,
        target: def.target,
        methodology: def.methodology,
      });
      const [echo] = await waitForTarget(k, ns, { timeoutMs: 30_000 });
      await deployLoadGenerator(k, {
        runId,
        variant: "baseline",
        namespace: ns,
        methodology: def.methodology,
        inMesh: false,
      });
      const lg = testLoadGenerators(k);
      const first = await waitForLoadGenerator(k, lg, ns, { timeoutMs: 30_000 });
      const servers = await loadGeneratorServers(k, lg, ns, { atLeast: 2 });
      expect(servers.map((s) => s.pod)).toHaveLength(2);
      expect(first.pod).toBe(servers[0]!.pod);
      await expect(loadGeneratorServers(k, lg, ns, { atLeast: 3 })).rejects.toThrow(
        /2 of 3 load-generator pods Ready/,
      );
      const pods = (
        await core.listNamespacedPod({
          namespace: ns,
          labelSelector: `${LABELS.component}=load-generator`,
        })
      ).items;
      expect(pods.map((p) => p.metadata!.name).sort()).toEqual(servers.map((s) => s.pod));
      // Placement: never beside the echo server (required), spread over the other nodes (soft).
      const nodes = pods.map((p) => p.spec!.nodeName!);
      expect(nodes).not.toContain(echo!.nodeName);
      expect(new Set(nodes).size).toBe(2);
      expect(pods[0]!.spec!.topologySpreadConstraints?.[0]).toMatchObject({
        topologyKey: "kubernetes.io/hostname",
        whenUnsatisfiable: "ScheduleAnyway",
      });
      // The load each generator is sent: 5 connections and 1000 QPS split 3+2 / 600+400.
      const lines = Object.values(
        gw().describeLoad(runId, def, [
          {
            sequence: 0,
            coordinates: {
              variant: "baseline",
              requestedQps: 1000,
              connections: 5,
              payloadBytes: 0,
              protocol: "http1",
              keepAlive: true,
              repetition: 1,
            },
          },
        ]),
      )[0]!.split("\n");
      expect(lines).toHaveLength(2);
      expect(lines[0]).toContain('"qps":"600","c":"3"');
      expect(lines[1]).toContain('"qps":"400","c":"2"');
    } finally {
      expect(await gw().cleanup(runId)).toEqual([`mb-${runId}-baseline`]);
    }
    // The namespace's deletion takes the generators with it.
    let left = 1;
    for (let i = 0; i < 300 && left > 0; i++) {
      const pods = await core.listPodForAllNamespaces({ labelSelector: `${LABELS.run}=${runId}` });
      left = pods.items.length;
      if (left) await new Promise((r) => setTimeout(r, 200));
    }
    expect(left).toBe(0);
  });
});
