import { readFileSync } from "node:fs";
import { judgePath } from "@meshbench/core";
import { describe, expect, it } from "vitest";
import { parseSamples, sumOf } from "./exposition";
import { addCounters, hopCounters, type HopReader } from "./readers";

const fixture = (name: string) =>
  parseSamples(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8"));

// Real ztunnel text: captured from the real-mesh cluster (Istio master 1.31-alpha, the shared
// ztunnel) around one 3 s, 200 QPS, 4-connection Fortio run from a meshed `lg-fortio` pod on one
// node to the `echo` Deployment on the other, namespace `exp`: 600 × 200, Sizes 600 × 75 bytes.
const client: HopReader = {
  proxy: "ztunnel",
  match: { reporter: "source", source_workload_namespace: "exp", source_workload: "lg-fortio" },
};
const server: HopReader = {
  proxy: "ztunnel",
  match: {
    reporter: "destination",
    destination_workload_namespace: "exp",
    destination_workload: "echo",
  },
};

describe("the exposition parser", () => {
  it("reads OpenMetrics from ztunnel (# EOF, _total samples) and skips comments", () => {
    const samples = fixture("ztunnel-server-node-after.txt");
    expect(samples.some((s) => s.name === "istio_build" && s.labels.component === "ztunnel")).toBe(
      true,
    );
    expect(samples.every((s) => !s.name.startsWith("#"))).toBe(true);
  });

  it("keeps escaped quotes and braces inside label values, and drops exemplars", () => {
    const [s] = parseSamples('m{a="x\\"}y",b="\\\\"} 3 # {trace_id="t"} 1\n');
    expect(s).toEqual({ name: "m", labels: { a: 'x"}y', b: "\\" }, value: 3 });
    expect(sumOf(parseSamples("m 1\nm 2\nn 4\n"), "m", {})).toBe(3);
  });
});

describe("ztunnel's counters (real text)", () => {
  const at = (reader: HopReader, file: string) => hopCounters(reader, fixture(file));

  it("client side: the source report of the load generator's connections, with mTLS", () => {
    const before = at(client, "ztunnel-client-node-before.txt");
    const after = at(client, "ztunnel-client-node-after.txt");
    expect(after.connections - before.connections).toBe(4);
    expect(after.mtlsConnections! - before.mtlsConnections!).toBe(4);
    // 604 responses of 75 bytes: the 600 measured plus Fortio's first request per connection.
    expect(after.responseBytes - before.responseBytes).toBe(45_300);
    expect(after.requests).toBe(0);
  });

  it("server side: the destination report, with mTLS; a plaintext client outside reports no mTLS", () => {
    const before = at(server, "ztunnel-server-node-before.txt");
    const after = at(server, "ztunnel-server-node-after.txt");
    expect(after.responseBytes - before.responseBytes).toBe(45_300);
    expect(after.mtlsResponseBytes! - before.mtlsResponseBytes!).toBe(45_300);
    const outBefore = at(server, "ztunnel-server-node-before-outside-client.txt");
    const outAfter = at(server, "ztunnel-server-node-after-outside-client.txt");
    expect(outAfter.responseBytes - outBefore.responseBytes).toBe(45_300);
    expect(outAfter.mtlsResponseBytes! - outBefore.mtlsResponseBytes!).toBe(0);
    // The client's ztunnel is not on that node: nothing of the server's node counts as client side.
    expect(at(client, "ztunnel-server-node-after.txt").connections).toBe(0);
  });

  it("the judgement over the real counters: in-mesh path verified", () => {
    const reading = (file: string, r: HopReader) => ({ counters: at(r, file) });
    const check = judgePath({
      mesh: "istio-ambient",
      topology: { client: "in-mesh", hops: ["client-proxy", "server-proxy"], mtls: true },
      before: {
        "client-proxy": reading("ztunnel-client-node-before.txt", client),
        "server-proxy": reading("ztunnel-server-node-before.txt", server),
      },
      after: {
        "client-proxy": reading("ztunnel-client-node-after.txt", client),
        "server-proxy": reading("ztunnel-server-node-after.txt", server),
      },
      sent: { protocol: "http1", requests: 600, responseBytes: 45_000 },
    });
    expect(check.status).toBe("verified");
    expect(check.summary).toBe(
      "path verified; ztunnel (client side): 4 connections, 100% mTLS, 45,300 of 45,000 response bytes, 100% mTLS; " +
        "ztunnel (server side): 4 connections, 100% mTLS, 45,300 of 45,000 response bytes, 100% mTLS",
    );
  });
});

describe("Envoy's and Linkerd's counters (text shaped as their docs show)", () => {
  it("sidecars: the client's source report (no security policy), the server's destination report", () => {
    const s = fixture("envoy-sidecars.txt");
    const ns = "mb-r1-istio-sidecar";
    const c = hopCounters(
      {
        proxy: "envoy",
        mtlsReported: false,
        match: { reporter: "source", source_workload_namespace: ns, source_workload: "lg-fortio" },
      },
      s,
    );
    expect(c).toMatchObject({ requests: 600, mtlsRequests: null });
    const d = hopCounters(
      {
        proxy: "envoy",
        mtlsReported: true,
        match: {
          reporter: "destination",
          destination_workload_namespace: ns,
          destination_workload: "tier0",
        },
      },
      s,
    );
    expect(d).toMatchObject({ requests: 600, mtlsRequests: 600 });
  });

  it("a waypoint: only the variant's entry workload, not the app's own tier-to-tier calls", () => {
    const w = hopCounters(
      {
        proxy: "envoy",
        mtlsReported: true,
        match: {
          reporter: "waypoint",
          destination_workload_namespace: "mb-r1-ambient-wp",
          destination_workload: "echo",
        },
      },
      fixture("waypoint.txt"),
    );
    expect(w).toMatchObject({ requests: 1200, mtlsRequests: 1200 });
  });

  it("Linkerd: requests by direction with TLS; TCP bytes toward the client per direction", () => {
    const s = fixture("linkerd-proxy.txt");
    expect(hopCounters({ proxy: "linkerd", direction: "outbound" }, s)).toEqual({
      requests: 604,
      mtlsRequests: 604,
      connections: 4,
      mtlsConnections: 4,
      responseBytes: 45_300,
      mtlsResponseBytes: 45_300,
    });
    const inbound = hopCounters({ proxy: "linkerd", direction: "inbound" }, s);
    expect(inbound).toMatchObject({
      requests: 603,
      mtlsRequests: 600,
      connections: 4,
      responseBytes: 45_300,
    });
  });

  it("adds a hop's pods up (a server with two replicas); a reporter without security stays unknown", () => {
    const one = {
      requests: 1,
      mtlsRequests: 1,
      connections: 1,
      mtlsConnections: null,
      responseBytes: 5,
      mtlsResponseBytes: 5,
    };
    expect(addCounters([one, one])).toEqual({
      requests: 2,
      mtlsRequests: 2,
      connections: 2,
      mtlsConnections: null,
      responseBytes: 10,
      mtlsResponseBytes: 10,
    });
  });
});
