import { FORTIO_PORTS, secondsToMs } from "@meshbench/contracts";
import { request } from "node:https";
import type { KubeConfig } from "@kubernetes/client-node";

/**
 * The known-capacity test's own measurement, independent of the product's reading and search:
 * synchronous Fortio runs on a load-generator pod through the apiserver's pod proxy, read from
 * Fortio's JSON here, judged against the SLO here, swept here.
 */
export type SweepSlo = { p99Ms: number; maxErrorPercent: number; minAchievedPercent: number };
export type SweepPoint = { qps: number; actualQps: number; p99Ms: number; errorPercent: number };

async function get(kc: KubeConfig, pathname: string, timeoutMs: number): Promise<string> {
  const url = new URL(pathname, kc.getCurrentCluster()!.server);
  const options: Record<string, unknown> = {};
  await kc.applyToHTTPSOptions(options);
  return new Promise((resolve, reject) => {
    const req = request(url, { ...options, method: "GET", timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        if (res.statusCode === 200) resolve(body);
        else reject(new Error(`Fortio answered ${res.statusCode}: ${body.slice(0, 200)}`));
      });
    });
    req.on("error", reject);
    req.on("timeout", () => req.destroy(new Error("no answer")));
    req.end();
  });
}

type FortioJson = {
  ActualQPS: number;
  DurationHistogram: { Count: number; Percentiles: { Percentile: number; Value: number }[] };
  RetCodes: Record<string, number>;
};

export function fortioSweeper(
  kc: KubeConfig,
  at: { namespace: string; pod: string; url: string; connections: number },
) {
  const run = async (qps: number, seconds: number): Promise<SweepPoint> => {
    const q = new URLSearchParams({
      url: at.url,
      qps: String(qps),
      c: String(at.connections),
      t: `${seconds}s`,
      r: "0.0001",
      p: "99",
    });
    const text = await get(
      kc,
      `/api/v1/namespaces/${at.namespace}/pods/${at.pod}:${FORTIO_PORTS.http}/proxy/fortio/rest/run?${q.toString()}`,
      seconds * 1000 + 30_000,
    );
    const r = JSON.parse(text) as FortioJson;
    const total = Object.values(r.RetCodes).reduce((a, b) => a + b, 0);
    const ok = r.RetCodes["200"] ?? 0;
    const p99 = r.DurationHistogram.Percentiles.find((p) => p.Percentile === 99)?.Value ?? Infinity;
    return {
      qps,
      actualQps: r.ActualQPS,
      p99Ms: secondsToMs(p99),
      errorPercent: total ? (100 * (total - ok)) / total : 100,
    };
  };
  return {
    /** A warm-up of `warmup` s at the same rate (as the product does), then the measured run. */
    async measure(qps: number, seconds: number, warmup: number) {
      if (warmup > 0) await run(qps, warmup);
      return run(qps, seconds);
    },
  };
}

export const meetsSlo = (p: SweepPoint, slo: SweepSlo) =>
  p.p99Ms <= slo.p99Ms &&
  p.errorPercent <= slo.maxErrorPercent &&
  (100 * p.actualQps) / p.qps >= slo.minAchievedPercent;
