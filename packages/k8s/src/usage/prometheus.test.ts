import { parseOutboundPolicy } from "@meshbench/outbound";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  joinUsage,
  parsePrometheusVector,
  samplePrometheus,
  tryPrometheus,
  usageQueries,
} from "./prometheus";

// Real /api/v1/query answers (Prometheus 3.x) for the two usage queries.
const CPU = `{"status":"success","data":{"resultType":"vector","result":[{"metric":{"container":"istio-proxy","namespace":"mb-r1-istio","pod":"echo-6d5f7c9b8-x2k4p"},"value":[1732280000.123,"0.0215"]},{"metric":{"container":"echo","namespace":"mb-r1-istio","pod":"echo-6d5f7c9b8-x2k4p"},"value":[1732280000.123,"0.004"]},{"metric":{"container":"discovery","namespace":"istio-system","pod":"istiod-7f8d9c6b5-abcde"},"value":[1732280000.123,"NaN"]}]}}`;
const MEMORY = `{"status":"success","data":{"resultType":"vector","result":[{"metric":{"container":"istio-proxy","namespace":"mb-r1-istio","pod":"echo-6d5f7c9b8-x2k4p"},"value":[1732280000.123,"44040192"]},{"metric":{"container":"echo","namespace":"mb-r1-istio","pod":"echo-6d5f7c9b8-x2k4p"},"value":[1732280000.123,"12582912"]}]}}`;
const BAD_DATA = `{"status":"error","errorType":"bad_data","error":"invalid parameter \\"query\\": 1:1: parse error: unexpected end of input"}`;

const TEST_POLICY = parseOutboundPolicy("test", "");

describe("Prometheus response parsing", () => {
  it("parses an instant vector, dropping NaN", () => {
    const s = parsePrometheusVector(JSON.parse(CPU));
    expect(s).toHaveLength(2);
    expect(s[0]).toEqual({
      labels: { container: "istio-proxy", namespace: "mb-r1-istio", pod: "echo-6d5f7c9b8-x2k4p" },
      value: 0.0215,
      at: new Date(1732280000123),
    });
  });

  it("throws Prometheus's error and on malformed bodies", () => {
    expect(() => parsePrometheusVector(JSON.parse(BAD_DATA))).toThrow(/bad_data: invalid/);
    expect(() => parsePrometheusVector({ status: "success", data: {} })).toThrow(
      /not a Prometheus/,
    );
    expect(() =>
      parsePrometheusVector({ status: "success", data: { resultType: "matrix", result: [] } }),
    ).toThrow(/expected a vector/);
    expect(() =>
      parsePrometheusVector({ status: "success", data: { resultType: "vector", result: [{}] } }),
    ).toThrow(/malformed/);
  });

  it("joins CPU (cores → millicores) and memory; a container needs both", () => {
    const r = joinUsage(
      parsePrometheusVector(JSON.parse(CPU)),
      parsePrometheusVector(JSON.parse(MEMORY)),
    );
    expect(r).toEqual([
      expect.objectContaining({ container: "istio-proxy", memoryBytes: 44040192 }),
      expect.objectContaining({ container: "echo", memoryBytes: 12582912 }),
    ]);
    expect(r[0]!.cpuMillicores).toBeCloseTo(21.5);
  });

  it("builds the queries over the namespaces", () => {
    const q = usageQueries(["mb-r1-istio", "istio-system"]);
    expect(q.cpu).toBe(
      'sum by (namespace, pod, container) (rate(container_cpu_usage_seconds_total{namespace=~"mb-r1-istio|istio-system",container!="",container!="POD"}[30s]))',
    );
    expect(q.memory).toContain("container_memory_working_set_bytes{namespace=~");
  });
});

describe("Prometheus over HTTP (a real local server)", () => {
  let server: Server;
  let base: string;
  const queries: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      const query = url.searchParams.get("query") ?? "";
      queries.push(`${url.pathname} ${query}`);
      const send = (status: number, body: string) =>
        res.writeHead(status, { "content-type": "application/json" }).end(body);
      if (url.pathname.startsWith("/ok/api/v1/query"))
        send(200, query.includes("cpu") ? CPU : MEMORY);
      else if (url.pathname.startsWith("/bad/")) send(400, BAD_DATA);
      else if (url.pathname.startsWith("/garbage/")) send(200, "<html>proxy error</html>");
      else if (url.pathname.startsWith("/slow/")) setTimeout(() => send(200, CPU), 2000);
      else send(404, "404 page not found");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((r) => server.close(() => r()));
  });

  it("samples both series under a path prefix", async () => {
    const r = await samplePrometheus(TEST_POLICY, `${base}/ok`, ["mb-r1-istio"]);
    expect(r.map((x) => x.container)).toEqual(["istio-proxy", "echo"]);
    expect(queries).toContain(`/ok/api/v1/query ${usageQueries(["mb-r1-istio"]).memory}`);
  });

  it("reports an error status without echoing what the server said", async () => {
    const error = await samplePrometheus(TEST_POLICY, `${base}/bad/`, ["x"]).catch((e: Error) => e);
    expect((error as Error).message).toBe("Prometheus answered HTTP 400");
  });

  it("reports a malformed body, a timeout and a refused connection", async () => {
    const garbage = await samplePrometheus(TEST_POLICY, `${base}/garbage`, ["x"]).catch(
      (e: Error) => e,
    );
    expect((garbage as Error).message).toBe("Prometheus answered something that is not JSON");
    await expect(samplePrometheus(TEST_POLICY, `${base}/slow`, ["x"], 100)).rejects.toThrow(
      /^Prometheus timed out$/,
    );
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    await expect(samplePrometheus(TEST_POLICY, `http://127.0.0.1:${port}`, ["x"])).rejects.toThrow(
      /^Prometheus unreachable \(connection refused\)$/,
    );
  });

  it("connects only where the outbound policy allows (a production install refuses loopback)", async () => {
    const before = queries.length;
    const production = parseOutboundPolicy("production", "");
    await expect(samplePrometheus(production, `${base}/ok`, ["x"])).rejects.toThrow(
      /^Prometheus refused/,
    );
    expect(queries.length).toBe(before);
  });

  it("falls back (null) after the first failure, saying why once", async () => {
    const notices: string[] = [];
    const state = { failed: false };
    const notice = (m: string) => notices.push(m);
    expect(await tryPrometheus(TEST_POLICY, null, ["x"], state, notice)).toBeNull();
    expect(await tryPrometheus(TEST_POLICY, `${base}/ok`, ["x"], state, notice)).toHaveLength(2);
    expect(await tryPrometheus(TEST_POLICY, `${base}/bad`, ["x"], state, notice)).toBeNull();
    expect(await tryPrometheus(TEST_POLICY, `${base}/ok`, ["x"], state, notice)).toBeNull();
    expect(notices).toEqual([expect.stringMatching(/^Prometheus sampling off .*HTTP 400$/)]);
  });
});
