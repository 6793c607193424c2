import { describe, expect, it } from "vitest";
import {
  cpuMillicores,
  parseCpuQuantity,
  parseMemoryQuantity,
  parseResourceMetrics,
} from "./resource-metrics";

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
