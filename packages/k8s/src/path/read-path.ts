import type { HopReading, PathReadings } from "@meshbench/core";
import { describeOutboundError } from "@meshbench/outbound";
import type { ClusterConnection } from "../cluster/open-cluster";
import { proxyRequest } from "../fortio/pod-proxy";
import { call, type Kube } from "../steps/kube";
import type { MetricsEndpoint, PathProbe } from "./discovery";
import { parseSamples } from "./exposition";
import { addCounters, hopCounters } from "./readers";

/** One proxy's metrics text; throws with a reason that names the proxy (never its body). */
export type Scrape = (endpoint: MetricsEndpoint) => Promise<string>;

const METRICS_TIMEOUT_MS = 10_000;

/**
 * Scrapes through the apiserver's pod proxy with the connection's credentials and outbound
 * policy (the same path as Fortio's REST calls), each request counted as an apiserver call.
 */
export function podProxyScrape(k: Kube, connection: ClusterConnection): Scrape {
  return async (e) => {
    const path = `/api/v1/namespaces/${e.namespace}/pods/${e.pod}:${e.port}/proxy${e.path}`;
    let answer;
    try {
      answer = await call(k, () => proxyRequest(connection, { path }, METRICS_TIMEOUT_MS));
    } catch (error) {
      throw new Error(`${e.what}: ${describeOutboundError(error)}`, { cause: error });
    }
    if (answer.status !== 200) throw new Error(`${e.what} answered HTTP ${answer.status}`);
    return answer.body;
  };
}

/** Every hop's counters now (a hop's pods summed), or why a hop could not be read. */
export async function readPathCounters(probe: PathProbe, scrape: Scrape): Promise<PathReadings> {
  const out: PathReadings = {};
  for (const h of probe.hops) {
    let reading: HopReading;
    if ("absent" in h) reading = { absent: h.absent };
    else if ("unreadable" in h) reading = { unreadable: h.unreadable };
    else {
      try {
        const texts = await Promise.all(h.endpoints.map(scrape));
        reading = {
          counters: addCounters(texts.map((t) => hopCounters(h.reader, parseSamples(t)))),
        };
      } catch (error) {
        reading = { unreadable: error instanceof Error ? error.message : String(error) };
      }
    }
    out[h.hop] = reading;
  }
  return out;
}
