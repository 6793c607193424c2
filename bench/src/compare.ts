/**
 * Compare: the run page's data for 5 variants × 4 QPS × 5 repetitions (100 trials), served over
 * HTTP, against the floor of reading the same 100 Trial rows with a bare `pg` SELECT; plus the
 * pooling + percentiles of 100 histograms in-process against one pass over their buckets.
 */
import type { THistogram } from "@meshbench/contracts";
import { mergeHistograms, percentilesFromHistogram } from "@meshbench/core";
import { importFortioJson } from "@meshbench/formats";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { httpRequest } from "./http";
import type { SessionCookie } from "./session";
import { median, quantile } from "./stats";

export type Timing = { p50: number; p95: number; n: number; bytes: number };

const trpcGet = (baseUrl: string, procedure: string, input: unknown) =>
  `${baseUrl}/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;

export async function uploadRun(
  baseUrl: string,
  token: string,
  trials: unknown[],
): Promise<string> {
  const res = await httpRequest(`${baseUrl}/api/v1/results`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({
      benchmark: "bench-compare",
      title: "bench: 5 variants × 4 QPS × 5 reps",
      trials,
    }),
  });
  if (res.status !== 200) throw new Error(`upload ${res.status}: ${res.body.slice(0, 300)}`);
  return (JSON.parse(res.body) as { runId: string }).runId;
}

export async function benchCompare(opts: {
  baseUrl: string;
  databaseUrl: string;
  token: string;
  session: SessionCookie;
  runId: string;
  /** A second run of the same shape, viewed first once the server is warm. */
  otherRunId: string;
  compareItems: { runId: string; variant: string; levelKey: string }[];
  n: number;
}) {
  const auth = { authorization: `Bearer ${opts.token}` };
  const cookie = { cookie: `${opts.session.name}=${opts.session.value}` };
  const get = (url: string, headers: Record<string, string>) => async () => {
    const res = await httpRequest(url, { headers });
    if (res.status !== 200)
      throw new Error(`${url.slice(0, 120)} → ${res.status}: ${res.body.slice(0, 300)}`);
    return Buffer.byteLength(res.body);
  };
  const client = new pg.Client({ connectionString: opts.databaseUrl });
  await client.connect();
  const floor = async () => {
    const rows = await client.query(`SELECT * FROM "Trial" WHERE "runId" = $1 ORDER BY sequence`, [
      opts.runId,
    ]);
    if (rows.rowCount !== 100) throw new Error(`expected 100 trials, found ${rows.rowCount}`);
    return rows.rows.reduce<number>(
      (a, r: { histogram: Buffer | null }) => a + (r.histogram?.length ?? 0),
      0,
    );
  };
  const search = new URLSearchParams();
  for (const i of opts.compareItems) search.append("s", `${i.runId}~${i.variant}~${i.levelKey}`);
  const sides = {
    floor,
    runData: get(trpcGet(opts.baseUrl, "reports.run", { runId: opts.runId }), auth),
    runPage: get(`${opts.baseUrl}/runs/${opts.runId}`, cookie),
    compareData: get(
      trpcGet(opts.baseUrl, "reports.compare", { items: opts.compareItems, reference: 0 }),
      auth,
    ),
    comparePage: get(`${opts.baseUrl}/compare?${search.toString()}`, cookie),
  };
  try {
    // The run's first view computes its report (later views of a finished run hit the server's
    // cache): timed on its own, after warming the server with the floor and the compare calls.
    await sides.floor();
    await sides.compareData();
    const t0 = performance.now();
    await sides.runData();
    const firstView = performance.now() - t0;
    await dumpRunPage(opts.baseUrl, opts.runId, cookie);
    for (const fn of Object.values(sides)) for (let i = 0; i < 3; i++) await fn(); // warm up
    // Alternate the sides in rounds so machine noise hits them alike.
    const samples: Record<keyof typeof sides, number[]> = {
      floor: [],
      runData: [],
      runPage: [],
      compareData: [],
      comparePage: [],
    };
    const bytes: Record<string, number> = {};
    for (let i = 0; i < opts.n; i++) {
      for (const [name, fn] of Object.entries(sides) as [
        keyof typeof sides,
        () => Promise<number>,
      ][]) {
        const t0 = performance.now();
        bytes[name] = await fn();
        samples[name].push(performance.now() - t0);
      }
    }
    // A first view as most users meet it: a run nobody has opened, on a server that has been
    // answering (the one above is also the first report code the server ever ran).
    const t1 = performance.now();
    await get(trpcGet(opts.baseUrl, "reports.run", { runId: opts.otherRunId }), auth)();
    const firstViewWarm = performance.now() - t1;
    const timing = (name: keyof typeof sides): Timing => ({
      p50: median(samples[name]),
      p95: quantile(samples[name], 0.95),
      n: samples[name].length,
      bytes: bytes[name] ?? 0,
    });
    return {
      floor: timing("floor"),
      runData: timing("runData"),
      runPage: timing("runPage"),
      compareData: timing("compareData"),
      comparePage: timing("comparePage"),
      firstView,
      firstViewWarm,
    };
  } finally {
    await client.end();
  }
}

/**
 * `BENCH_DUMP_DIR=<dir>`: writes the run page's HTML there and prints what it is made of (the RSC
 * payload's share, the largest inline scripts) — the page-weight profile.
 */
async function dumpRunPage(baseUrl: string, runId: string, headers: Record<string, string>) {
  const dir = process.env.BENCH_DUMP_DIR;
  if (!dir) return;
  const html = (await httpRequest(`${baseUrl}/runs/${runId}`, { headers })).body;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "run-page.html"), html);
  const scripts = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "");
  const rsc = scripts.filter((s) => s.startsWith("self.__next_f.push"));
  const kib = (s: string | number) =>
    `${((typeof s === "number" ? s : Buffer.byteLength(s)) / 1024).toFixed(1)} KiB`;
  const rscBytes = rsc.reduce((a, s) => a + Buffer.byteLength(s), 0);
  process.stderr.write(
    `[bench] run page ${kib(html)}: RSC payload ${kib(rscBytes)} in ${rsc.length} scripts, ` +
      `markup and the rest ${kib(Buffer.byteLength(html) - rscBytes)}\n`,
  );
}

/** Pooling + Fortio-rule percentiles of 100 histograms vs one pass over all their buckets. */
export function benchPooling(trialTexts: string[]) {
  const histograms: THistogram[] = trialTexts.map((t) => {
    const h = importFortioJson(t).histogram;
    if (!h) throw new Error("fixture without a histogram");
    return h;
  });
  const pool = () => {
    const merged = mergeHistograms(histograms);
    return percentilesFromHistogram(merged, [50, 75, 90, 99, 99.9, 99.99])[0] ?? 0;
  };
  // The floor: read every bucket of every input once (what any pooling must at least do).
  const touch = () => {
    let total = 0;
    for (const h of histograms) for (const b of h.buckets) total += b.count * b.end;
    return total;
  };
  const run = (fn: () => number) => {
    const times: number[] = [];
    let sink = 0;
    for (let i = 0; i < 200; i++) {
      const t0 = performance.now();
      sink += fn();
      times.push(performance.now() - t0);
    }
    return { p50: median(times), p95: quantile(times, 0.95), sink };
  };
  run(pool);
  run(touch); // warm up (JIT)
  const buckets = histograms.reduce((a, h) => a + h.buckets.length, 0);
  return { pool: run(pool), touch: run(touch), histograms: histograms.length, buckets };
}
