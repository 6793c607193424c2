import { AppsV1Api, CoreV1Api } from "@kubernetes/client-node";
import { ZBenchmarkDefinition, ZVariant } from "@meshbench/contracts";
import { testKubeConfig } from "@meshbench/testing/k8s";
import { describe, expect, it } from "vitest";
import { fortioRunBody } from "../fortio/run-request";
import { KubeClusterGateway } from "../kube-cluster-gateway";
import { LABELS, LOAD_GENERATOR_NAME } from "../manifests/labels";
import { MEASURED_LOAD_CONTAINER } from "../manifests/measurement-pod";
import { testConnection, testKube, testLoadGenerators } from "../test-support/test-cluster";
import { deployLoadGenerator, loadGeneratorServers, waitForLoadGenerator } from "./load-generator";
import {
  deleteMeasurementPods,
  findMeasurementPods,
  measurementOutcome,
  startMeasurementPods,
} from "./measurement-pods";
import { ensureNamespace } from "./namespaces";
import { deployTarget, waitForTarget } from "./targets";

const core = testKubeConfig().makeApiClient(CoreV1Api);
const apps = testKubeConfig().makeApiClient(AppsV1Api);
const gw = () => new KubeClusterGateway(testConnection(), { pollMs: 200 });

const def = ZBenchmarkDefinition.parse({
  key: "k",
  name: "n",
  target: { kind: "fortio-echo", replicas: 1 },
  variants: [{ name: "baseline", mesh: "baseline" }],
  loadMatrix: { qps: [1000], connections: [4] },
  methodology: { loadGenerators: 2, rateSeries: true },
});

const body = (qps: number) =>
  fortioRunBody(
    {
      coordinates: {
        variant: "baseline",
        requestedQps: qps,
        connections: 2,
        payloadBytes: 0,
        protocol: "http1",
        keepAlive: true,
        repetition: 1,
      },
      durationSeconds: 5,
      fortio: def.methodology.fortio,
      url: "http://echo.x.svc.cluster.local:8080/echo",
      label: "r/t3-0123abcd",
      headers: [],
    },
    { save: false, async: false },
  );

describe("a trial's measurement pods against a real apiserver (kwok)", () => {
  it("are admitted from the generator Deployment's template, found again, judged by exit code, deleted", async () => {
    const k = testKube();
    const runId = "measure1";
    const trial = "t3-0123abcd";
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
      await waitForLoadGenerator(k, lg, ns, { timeoutMs: 30_000 });
      const servers = (await loadGeneratorServers(k, lg, ns, { refresh: true })).map((s) => s.pod);

      const started = await startMeasurementPods(
        k,
        { namespace: ns, trial, bodies: [body(600), body(400)] },
        { timeoutMs: 30_000 },
      );
      expect(started.resumed).toBe(false);
      expect(started.pods).toEqual([`lg-fortio-${trial}-0`, `lg-fortio-${trial}-1`]);
      const pods = (
        await core.listNamespacedPod({ namespace: ns, labelSelector: `${LABELS.trial}=${trial}` })
      ).items;
      expect(pods.map((p) => p.metadata!.name).sort()).toEqual(started.pods);
      for (const p of pods) {
        // Placed as the generators are (never beside the echo), and not one of the servers.
        expect(p.spec!.nodeName).not.toBe(echo!.nodeName);
        expect(p.spec!.restartPolicy).toBe("Never");
        expect(p.metadata!.labels![LABELS.component]).toBe("load-generator");
      }
      const again = (await loadGeneratorServers(k, lg, ns, { refresh: true })).map((s) => s.pod);
      expect(again).toEqual(servers);
      expect(again).toHaveLength(2);

      // A resumed worker finds them; while `fortio load` runs the trial is not over.
      expect(await findMeasurementPods(k, ns, trial, 2)).toMatchObject({
        pods: started.pods,
        resumed: true,
      });
      expect(await findMeasurementPods(k, ns, trial, 3)).toBeNull();
      expect(await measurementOutcome(k, ns, trial, started.pods)).toEqual({ done: false });

      // One load container exits 3 (its message written by the tenant's image): the trial fails
      // naming the pod and the code, never the message.
      const failed = pods.find((p) => p.metadata!.name === started.pods[1])!;
      const statuses = (failed.status?.containerStatuses ?? []).map((c) =>
        c.name === MEASURED_LOAD_CONTAINER
          ? {
              ...c,
              ready: false,
              state: {
                terminated: { exitCode: 3, reason: "Error", message: "hunter2 token" },
              },
            }
          : c,
      );
      await core.replaceNamespacedPodStatus({
        name: failed.metadata!.name!,
        namespace: ns,
        body: { ...failed, status: { ...failed.status, containerStatuses: statuses } },
      });
      const outcome = await measurementOutcome(k, ns, trial, started.pods);
      expect(outcome).toEqual({
        done: true,
        failure: `measurement pod ${started.pods[1]}: fortio load exited with code 3 (Error)`,
      });
      expect(JSON.stringify(outcome)).not.toContain("hunter2");

      // Someone (or a mutating webhook) tampered with the live Deployment's template: an init
      // container, the node's network, a powerful service account with its token, a sidecar
      // holding a secret, an Istio annotation that mounts the node's disk into the proxy.
      const name = LOAD_GENERATOR_NAME;
      await core.createNamespacedServiceAccount({
        namespace: ns,
        body: { metadata: { name: "cluster-admin-sa" } },
      });
      const live = await apps.readNamespacedDeployment({ name, namespace: ns });
      const t = live.spec!.template;
      t.metadata!.annotations = {
        ...t.metadata!.annotations,
        "sidecar.istio.io/userVolume": '[{"name":"host","hostPath":{"path":"/"}}]',
      };
      t.spec = {
        ...t.spec!,
        initContainers: [{ name: "pwn", image: "busybox", command: ["sh", "-c", "id"] }],
        hostNetwork: true,
        serviceAccountName: "cluster-admin-sa",
        automountServiceAccountToken: true,
        containers: [
          ...t.spec!.containers,
          { name: "exfiltrate", image: "busybox", env: [{ name: "TOKEN", value: "hunter2" }] },
        ],
      };
      await apps.replaceNamespacedDeployment({ name, namespace: ns, body: live });
      const tampered = (await apps.readNamespacedDeployment({ name, namespace: ns })).spec!;
      expect(tampered.template.spec!.initContainers).toHaveLength(1);
      expect(tampered.template.spec!.hostNetwork).toBe(true);

      // Started again (a retried trial): the leftovers go first, then two fresh pods, which the
      // apiserver holds with none of the tampering (it defaults the service account to default).
      const retried = await startMeasurementPods(
        k,
        { namespace: ns, trial, bodies: [body(600), body(400)] },
        { timeoutMs: 30_000 },
      );
      expect(retried.pods).toEqual(started.pods);
      const fresh = (
        await core.listNamespacedPod({ namespace: ns, labelSelector: `${LABELS.trial}=${trial}` })
      ).items.filter((p) => !p.metadata!.deletionTimestamp);
      expect(fresh).toHaveLength(2);
      for (const p of fresh) {
        expect(p.spec!.initContainers ?? []).toEqual([]);
        expect(p.spec!.hostNetwork ?? false).toBe(false);
        expect(p.spec!.serviceAccountName).toBe("default");
        expect(p.spec!.automountServiceAccountToken).toBe(false);
        expect(p.spec!.containers.map((c) => c.name)).toEqual([MEASURED_LOAD_CONTAINER, "fortio"]);
        expect(p.metadata!.annotations ?? {}).not.toHaveProperty("sidecar.istio.io/userVolume");
        for (const word of ["pwn", "busybox", "cluster-admin-sa", "hunter2", "hostPath"])
          expect(JSON.stringify(p)).not.toContain(word);
      }
      expect(await measurementOutcome(k, ns, trial, retried.pods)).toEqual({ done: false });

      await deleteMeasurementPods(k, ns, retried.pods);
      await deleteMeasurementPods(k, ns, retried.pods);
      expect(await measurementOutcome(k, ns, trial, retried.pods)).toEqual({
        done: true,
        failure: `measurement pod ${retried.pods[0]} is gone`,
      });
    } finally {
      expect(await gw().cleanup(runId)).toEqual([`mb-${runId}-baseline`]);
    }
  });
});
