import { describe, expect, it } from "vitest";
import { detectMeshes, imageTag } from "./cluster/detection";
import { KubeconfigVault, parseVaultKeys } from "./cluster/kubeconfig-vault";
import { classifyContainer, meshProblem } from "./steps/mesh-check";
import {
  cpuMillicores,
  parseCpuQuantity,
  parseMemoryQuantity,
  parseResourceMetrics,
} from "./usage/resource-metrics";

// A real kubelet /metrics/resource excerpt (Kubernetes 1.32).
const KUBELET_SAMPLE = `# HELP container_cpu_usage_seconds_total [STABLE] Cumulative cpu time consumed by the container in core-seconds
# TYPE container_cpu_usage_seconds_total counter
container_cpu_usage_seconds_total{container="istio-proxy",namespace="bench",pod="echo-6d5f7c9b8-x2k4p"} 12.345678 1732280000000
container_cpu_usage_seconds_total{container="echo",namespace="bench",pod="echo-6d5f7c9b8-x2k4p"} 3.5 1732280000000
# HELP container_memory_working_set_bytes [STABLE] Current working set of the container in bytes
# TYPE container_memory_working_set_bytes gauge
container_memory_working_set_bytes{container="istio-proxy",namespace="bench",pod="echo-6d5f7c9b8-x2k4p"} 4.4040192e+07 1732280000000
container_memory_working_set_bytes{container="echo",namespace="bench",pod="echo-6d5f7c9b8-x2k4p"} 1.2582912e+07 1732280000000
# HELP container_start_time_seconds [STABLE] Start time of the container since unix epoch in seconds
# TYPE container_start_time_seconds gauge
container_start_time_seconds{container="istio-proxy",namespace="bench",pod="echo-6d5f7c9b8-x2k4p"} 1.73227990e+09 1732279900000
node_cpu_usage_seconds_total 1234.5 1732280000000
`;

describe("resource metrics", () => {
  it("parses the kubelet's per-container series", () => {
    const r = parseResourceMetrics(KUBELET_SAMPLE, 0);
    const proxy = r.find((x) => x.container === "istio-proxy")!;
    expect(proxy).toMatchObject({
      namespace: "bench",
      cpuSecondsTotal: 12.345678,
      memoryBytes: 44_040_192,
      timestampMs: 1732280000000,
    });
    expect(r).toHaveLength(2);
    // 12.35 core-seconds over the 100 s since start ≈ 123 millicores
    expect(cpuMillicores(proxy, undefined)).toBeCloseTo(123.45678, 3);
    const later = { ...proxy, cpuSecondsTotal: 13.345678, timestampMs: proxy.timestampMs + 2000 };
    expect(cpuMillicores(later, proxy)).toBeCloseTo(500, 6);
    // The kubelet had not refreshed its stats: no new information, not a lifetime average.
    expect(cpuMillicores({ ...later, timestampMs: later.timestampMs }, later)).toBeNull();
  });

  it("parses quantities", () => {
    expect(parseCpuQuantity("250m")).toBe(250);
    expect(parseCpuQuantity("2")).toBe(2000);
    expect(parseCpuQuantity("1500000n")).toBeCloseTo(1.5);
    expect(parseMemoryQuantity("128Mi")).toBe(128 * 1024 * 1024);
    expect(parseMemoryQuantity("1G")).toBe(1e9);
  });
});

describe("mesh verification and roles", () => {
  const pod = (containers: string[], annotations: Record<string, string> = {}) => ({
    name: "p",
    nodeName: null,
    annotations,
    containers,
    sidecarInitContainers: [],
  });
  it("requires the proxy the mesh injects", () => {
    expect(
      meshProblem("istio-sidecar", [pod(["echo", "istio-proxy"])], { ciliumAgent: false }),
    ).toBeNull();
    expect(meshProblem("istio-sidecar", [pod(["echo"])], { ciliumAgent: false })).toMatch(
      /no istio-proxy/,
    );
    expect(
      meshProblem("istio-sidecar", [{ ...pod(["echo"]), sidecarInitContainers: ["istio-proxy"] }], {
        ciliumAgent: false,
      }),
    ).toBeNull();
    expect(
      meshProblem("istio-ambient", [pod(["echo"], { "ambient.istio.io/redirection": "enabled" })], {
        ciliumAgent: false,
      }),
    ).toBeNull();
    expect(meshProblem("istio-ambient", [pod(["echo"])], { ciliumAgent: false })).toMatch(
      /ambient.istio.io\/redirection/,
    );
    expect(
      meshProblem("baseline", [pod(["echo", "linkerd-proxy"])], { ciliumAgent: false }),
    ).toMatch(/baseline is meshed/);
    expect(meshProblem("cilium", [pod(["echo"])], { ciliumAgent: false })).toMatch(/cilium/);
  });
  it("classifies sampled containers", () => {
    const ctx = { controlPlaneNamespaces: ["istio-system"] };
    expect(
      classifyContainer({ namespace: "b", pod: "echo-1", container: "istio-proxy" }, ctx),
    ).toBe("proxy");
    expect(
      classifyContainer(
        { namespace: "istio-system", pod: "ztunnel-abc", container: "istio-proxy" },
        ctx,
      ),
    ).toBe("ztunnel");
    expect(
      classifyContainer({ namespace: "b", pod: "waypoint-7d9f-x2", container: "istio-proxy" }, ctx),
    ).toBe("waypoint");
    expect(
      classifyContainer(
        { namespace: "istio-system", pod: "ztunnel-abc", container: "ztunnel" },
        ctx,
      ),
    ).toBe("ztunnel");
    expect(
      classifyContainer(
        { namespace: "istio-system", pod: "istiod-1", container: "discovery" },
        ctx,
      ),
    ).toBe("control_plane");
    expect(
      classifyContainer({ namespace: "b", pod: "lg-3-abcd-xyz", container: "fortio" }, ctx),
    ).toBe("load_generator");
    expect(classifyContainer({ namespace: "b", pod: "echo-1", container: "echo" }, ctx)).toBe(
      "app",
    );
  });
});

describe("detection", () => {
  it("reads versions from image tags and says what each variant needs", () => {
    expect(imageTag("docker.io/istio/pilot:1.24.2@sha256:abc")).toBe("1.24.2");
    expect(imageTag("localhost:5000/cilium")).toBeNull();
    const d = detectMeshes({
      workloads: [
        {
          kind: "Deployment",
          namespace: "linkerd",
          name: "linkerd-destination",
          labels: {},
          images: ["cr.l5d.io/linkerd/controller:stable-2.14.10"],
        },
      ],
      namespaces: [{ name: "a", labels: { "istio-injection": "enabled" } }],
      metricsServer: true,
      prometheusUrl: "http://prom:9090",
      now: new Date(0),
    });
    expect(d.linkerd.controlPlane).toMatchObject({ found: true, version: "stable-2.14.10" });
    expect(d.variants.linkerd?.available).toBe(true);
    expect(d.variants["istio-sidecar"]?.available).toBe(false);
    expect(d.istio.injectionNamespaces).toEqual(["a"]);
  });
});

describe("the kubeconfig vault", () => {
  it("seals with the first key, opens with any, binds to the workspace", () => {
    const k = (id: string, b: number) => `${id}:${Buffer.alloc(32, b).toString("base64")}`;
    const old = new KubeconfigVault(parseVaultKeys(k("k1", 1)));
    const rotated = new KubeconfigVault(parseVaultKeys(`${k("k2", 2)},${k("k1", 1)}`));
    const sealed = old.seal("apiVersion: v1", "ws1");
    expect(sealed.keyId).toBe("k1");
    expect(rotated.open(sealed, "ws1")).toBe("apiVersion: v1");
    expect(rotated.needsRotation(sealed.keyId)).toBe(true);
    expect(() => rotated.open(sealed, "ws2")).toThrow();
    expect(() => parseVaultKeys("k:short")).toThrow(/32 bytes/);
  });
});
