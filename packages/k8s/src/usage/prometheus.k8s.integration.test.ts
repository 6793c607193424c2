import { createServer } from "node:http";
import { testConnection } from "../test-support/test-cluster";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { KubeClusterGateway } from "../kube-cluster-gateway";

// A real /api/v1/query answer shape; the same body serves both queries (CPU and memory).
const body = (value: string) =>
  JSON.stringify({
    status: "success",
    data: {
      resultType: "vector",
      result: [
        ["mb-r1-istio", "echo-1", "istio-proxy"],
        ["mb-r1-istio", "echo-1", "echo"],
        ["istio-system", "istiod-1", "discovery"],
      ].map(([namespace, pod, container]) => ({
        metric: { namespace, pod, container },
        value: [1732280000, value],
      })),
    },
  });

async function withPrometheus(status: number, fn: (url: string) => Promise<void>) {
  const server = createServer((req, res) => {
    const q = new URL(req.url ?? "/", "http://x").searchParams.get("query") ?? "";
    res
      .writeHead(status, { "content-type": "application/json" })
      .end(
        status === 200
          ? body(q.includes("cpu") ? "0.25" : "1048576")
          : '{"status":"error","errorType":"unavailable","error":"TSDB not ready"}',
      );
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  try {
    await fn(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    await new Promise((r) => server.close(r));
  }
}

describe("KubeClusterGateway usage sampling through Prometheus", () => {
  it("uses the cluster's Prometheus URL and classifies roles; apiserver calls only to learn declared roles, once", async () => {
    await withPrometheus(200, async (url) => {
      const gw = new KubeClusterGateway(testConnection(), { prometheusUrl: url });
      const before = gw.apiCalls();
      const options = { controlPlaneNamespaces: ["istio-system"] };
      const samples = await gw.sampleUsage(["mb-r1-istio"], options);
      // One pod list per namespace for the pods' container-roles annotations; pods already
      // known cost nothing on the next sample.
      expect(gw.apiCalls()).toBe(before + 2);
      await gw.sampleUsage(["mb-r1-istio"], options);
      expect(gw.apiCalls()).toBe(before + 2);
      expect(samples.map((s) => [s.container, s.role])).toEqual([
        ["istio-proxy", "proxy"],
        ["echo", "app"],
        ["discovery", "control_plane"],
      ]);
      expect(samples[0]).toMatchObject({ cpuMillicores: 250, memoryBytes: 1048576 });
    });
  });

  it("falls back to the cluster's metrics when Prometheus fails, saying why once", async () => {
    await withPrometheus(503, async (url) => {
      const gw = new KubeClusterGateway(testConnection());
      const notices: string[] = [];
      const options = {
        controlPlaneNamespaces: [],
        prometheusUrl: url,
        onNotice: (m: string) => notices.push(m),
      };
      // kwok's nodes are loopback addresses the apiserver won't proxy to: the kubelet path's
      // own failure surfaces once the fallback is taken.
      await expect(gw.sampleUsage(["default"], options)).rejects.toThrow(/address not allowed/);
      expect(await gw.sampleUsage(["default"], options)).toEqual([]);
      expect(notices).toEqual([expect.stringMatching(/answered HTTP 503$/)]);
      expect(notices.join()).not.toContain("TSDB"); // Prometheus's own words are not echoed
    });
  });
});
