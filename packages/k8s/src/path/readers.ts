import type { HopCounters } from "@meshbench/core";
import { type Sample, sumOf } from "./exposition";

/**
 * How one hop's counters are read from its proxies' metrics, filtered to the variant's traffic.
 * Label names and values as each proxy documents them:
 * - ztunnel (`:15020/metrics`): Istio's TCP metrics, `reporter` source|destination, workload and
 *   namespace labels, `connection_security_policy` mutual_tls|unknown; `istio_tcp_sent_bytes_total`
 *   is what went toward the client (the responses), as a real ambient run showed.
 * - Envoy, sidecar or waypoint (`:15020/stats/prometheus`, pilot-agent's merged endpoint):
 *   `istio_requests_total` (and the same TCP metrics for TCP load), `reporter`
 *   source|destination|waypoint. A sidecar's source report carries no security policy.
 * - Linkerd's proxy (`:4191/metrics`): `request_total{direction, tls}`; for TCP load
 *   `tcp_open_total` and the bytes toward the client: on the inbound proxy those written to its
 *   peer `src`, on the outbound proxy those read from its peer `dst`.
 */
export type HopReader =
  | { proxy: "ztunnel"; match: Record<string, string> }
  | { proxy: "envoy"; match: Record<string, string>; mtlsReported: boolean }
  | { proxy: "linkerd"; direction: "inbound" | "outbound" };

const MTLS = { connection_security_policy: "mutual_tls" };

/** Istio's metric names (ztunnel, sidecars and waypoints share them). */
function istioCounters(
  s: readonly Sample[],
  match: Record<string, string>,
  mtlsReported: boolean,
): HopCounters {
  const both = (name: string) => ({
    total: sumOf(s, name, match),
    mtls: mtlsReported ? sumOf(s, name, { ...match, ...MTLS }) : null,
  });
  const requests = both("istio_requests_total");
  const connections = both("istio_tcp_connections_opened_total");
  const bytes = both("istio_tcp_sent_bytes_total");
  return {
    requests: requests.total,
    mtlsRequests: requests.mtls,
    connections: connections.total,
    mtlsConnections: connections.mtls,
    responseBytes: bytes.total,
    mtlsResponseBytes: bytes.mtls,
  };
}

function linkerdCounters(s: readonly Sample[], direction: "inbound" | "outbound"): HopCounters {
  const tls = { tls: "true" };
  const at = { direction };
  const peer = direction === "inbound" ? { peer: "src" } : { peer: "dst" };
  const bytesName = direction === "inbound" ? "tcp_write_bytes_total" : "tcp_read_bytes_total";
  return {
    requests: sumOf(s, "request_total", at),
    mtlsRequests: sumOf(s, "request_total", { ...at, ...tls }),
    connections: sumOf(s, "tcp_open_total", { ...at, ...peer }),
    mtlsConnections: sumOf(s, "tcp_open_total", { ...at, ...peer, ...tls }),
    responseBytes: sumOf(s, bytesName, { ...at, ...peer }),
    mtlsResponseBytes: sumOf(s, bytesName, { ...at, ...peer, ...tls }),
  };
}

/** One proxy's counters for the hop (a hop's pods are summed by the caller). */
export function hopCounters(reader: HopReader, samples: readonly Sample[]): HopCounters {
  switch (reader.proxy) {
    case "ztunnel":
      return istioCounters(samples, reader.match, true);
    case "envoy":
      return istioCounters(samples, reader.match, reader.mtlsReported);
    case "linkerd":
      return linkerdCounters(samples, reader.direction);
  }
}

/** Counters of several pods of one hop, added up. */
export function addCounters(all: readonly HopCounters[]): HopCounters {
  const add = (a: number | null, b: number | null) => (a === null || b === null ? null : a + b);
  const zero: HopCounters = {
    requests: 0,
    mtlsRequests: 0,
    connections: 0,
    mtlsConnections: 0,
    responseBytes: 0,
    mtlsResponseBytes: 0,
  };
  return all.reduce(
    (sum, c) => ({
      requests: sum.requests + c.requests,
      mtlsRequests: add(sum.mtlsRequests, c.mtlsRequests),
      connections: sum.connections + c.connections,
      mtlsConnections: add(sum.mtlsConnections, c.mtlsConnections),
      responseBytes: sum.responseBytes + c.responseBytes,
      mtlsResponseBytes: add(sum.mtlsResponseBytes, c.mtlsResponseBytes),
    }),
    zero,
  );
}
