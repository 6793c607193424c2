/**
 * `pnpm bench --only=scale`: how the pages people wait for grow with the data. A fresh embedded
 * Postgres (durable settings), N = 10², 10³, 10⁴ runs of one benchmark seeded in batches
 * (scale-seed.ts), and at each N, in-process through the tRPC caller (the procedures the pages
 * and the REST API call, output validation included; no HTTP): the runs list, the history with
 * change points (first view, which summarises runs not summarised yet, then repeat views), a
 * comparison of two runs, a run's report (each sample a different run: uncached first views) and
 * a run's CSV export. History asks for min(N, 1000) runs (1000 is the most it serves).
 */
import { createCaller, createServices } from "@meshbench/api";
import { createPrismaClient } from "@meshbench/db";
import { readDemoMatrix } from "@meshbench/demo";
import { createDatabase, startLocalPostgres } from "@meshbench/local-postgres";
import { spawnSync } from "node:child_process";
import pg from "pg";
import { createBenchTokens } from "./ingest";
import { SCALE_BENCHMARK, SCALE_QPS, scaleLevelKey, seedRuns } from "./scale-seed";
import { repoRoot } from "./stack";
import { median, quantile } from "./stats";

export type ScaleTiming = { first: number; p50: number; p95: number };
export type ScalePoint = { runs: number; trials: number; seedSeconds: number } & Record<
  "list" | "history" | "compare" | "report" | "export",
  ScaleTiming
>;

async function timed(n: number, fn: (i: number) => Promise<unknown>): Promise<ScaleTiming> {
  let t0 = performance.now();
  await fn(0);
  const first = performance.now() - t0;
  const samples: number[] = [];
  for (let i = 1; i <= n; i++) {
    t0 = performance.now();
    await fn(i);
    samples.push(performance.now() - t0);
  }
  return { first, p50: median(samples), p95: quantile(samples, 0.95) };
}

export async function benchScale(
  log: (line: string) => void,
  opts: { sizes: number[]; samples: number },
): Promise<ScalePoint[]> {
  const postgres = await startLocalPostgres({ ephemeral: true });
  const points: ScalePoint[] = [];
  try {
    const url = await createDatabase(postgres.url, "mb_scale");
    const env = { ...process.env, DATABASE_URL: url };
    const migrated = spawnSync("pnpm", ["db:migrate"], { cwd: repoRoot, env, encoding: "utf8" });
    if (migrated.status !== 0) throw new Error(`migrate failed: ${migrated.stderr}`);
    const client = new pg.Client({ connectionString: url });
    client.on("error", () => {}); // the server stopping at the end is not news
    await client.connect();
    await client.query(
      `INSERT INTO "Workspace" (id, slug, name) VALUES ('scalews', 'demo', 'Scale')`,
    );
    await client.query(
      `INSERT INTO "Benchmark" (id, "workspaceId", key, name, target, variants, "loadMatrix", methodology, "updatedAt")
       VALUES ('scalebm', 'scalews', $1, $1, '{"kind":"external"}', '[]', '{}', '{}', now())`,
      [SCALE_BENCHMARK],
    );
    const [token] = await createBenchTokens(url, 1);
    const db = createPrismaClient(url);
    const services = createServices(db, {
      rateLimits: { upload: { points: 1e9, durationSeconds: 60 } },
    });
    const found = (await services.tokens.authenticate(token!))!;
    const caller = createCaller({
      services,
      actor: {
        userId: null,
        tokenId: found.id,
        workspaceId: found.workspaceId,
        role: "member",
        scopes: found.scopes,
        via: "token",
      },
    });
    const files = readDemoMatrix();
    const ids: string[] = [];
    const total = Math.max(...opts.sizes);
    for (const size of opts.sizes) {
      const t0 = performance.now();
      ids.push(
        ...(await seedRuns(client, {
          workspaceId: "scalews",
          benchmarkId: "scalebm",
          files,
          from: ids.length,
          to: size,
          total,
        })),
      );
      await client.query(`ANALYZE`);
      const seedSeconds = (performance.now() - t0) / 1000;
      const trials = Number(
        (await client.query<{ n: string }>(`SELECT count(*) AS n FROM "Trial"`)).rows[0]!.n,
      );
      log(`scale: ${size} runs, ${trials} trials (seeded in ${seedSeconds.toFixed(1)} s)…`);
      // Each sample a run not viewed before (the report cache would answer repeats).
      const pick = (i: number) =>
        ids[Math.floor(((i + 1) * 7919 * ids.length) / 1e4) % ids.length]!;
      const level = scaleLevelKey(SCALE_QPS[1]);
      const n = opts.samples;
      points.push({
        runs: size,
        trials,
        seedSeconds,
        list: await timed(n, () => caller.runs.list({ limit: 25, benchmarkKey: SCALE_BENCHMARK })),
        history: await timed(n, () =>
          caller.history.get({ benchmarkKey: SCALE_BENCHMARK, limit: Math.min(size, 1000) }),
        ),
        compare: await timed(n, (i) =>
          caller.reports.compare({
            items: [
              { runId: ids.at(-1)!, variant: "baseline", levelKey: level },
              { runId: pick(i), variant: "baseline", levelKey: level },
            ],
          }),
        ),
        report: await timed(n, (i) => caller.reports.run({ runId: pick(i + 100) })),
        export: await timed(n, (i) =>
          caller.reports.exportRun({ runId: pick(i + 200), format: "csv" }),
        ),
      });
    }
    await client.end();
    await db.$disconnect();
  } finally {
    await postgres.stop();
  }
  return points;
}
