/**
 * `pnpm bench`: starts its own Postgres, web app (next start) and Fortio UI on free ports,
 * measures each figure against a reference taken in the same run, prints a Markdown table and
 * stops everything it started. Flags: --no-build (use the existing web build), --quick.
 */
import { cpus, totalmem } from "node:os";
import path from "node:path";
import { mkdirSync, writeFileSync } from "node:fs";
import { benchCompare, benchPooling, uploadRun } from "./compare";
import { ensureFortio, FORTIO_VERSION } from "./fortio-bin";
import { readMatrix, syntheticRunTrials, matrixDir, QPS, VARIANTS } from "./fixtures";
import { closeAgent, httpRequest } from "./http";
import { benchIngest, createBenchTokens } from "./ingest";
import { cleanupAll } from "./processes";
import { benchScheduler } from "./scheduler";
import { signIn } from "./session";
import { buildWeb, repoRoot, startStack } from "./stack";
import { benchStorage } from "./storage";
import { ms, ratio } from "./stats";
import { benchTimeToChart, startFortioUi } from "./time-to-chart";

const args = new Set(process.argv.slice(2));
const quick = args.has("--quick");
const onlyArg = [...args].find((a) => a.startsWith("--only="));
/** --only=ingest,compare,storage,chart,scheduler runs a subset (diagnostics; the table needs all). */
const only = onlyArg ? new Set(onlyArg.slice("--only=".length).split(",")) : null;
const wants = (part: string) => only === null || only.has(part);
const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);
type Row = [string, string, string, string, string, string];
const rows: Row[] = [];
const yes = (ok: boolean) => (ok ? "yes" : "**no**");

async function main() {
  const fortioBin = ensureFortio(log);
  if (!args.has("--no-build")) await buildWeb(log);
  const stack = await startStack(log);
  const files = readMatrix();
  const chartFile = files.find((f) => f.name === "baseline-qps1000-c8-rep1.json")!;
  const clients = 8;
  const tokens = await createBenchTokens(stack.databaseUrl, 400);
  const session = await signIn(stack.baseUrl);

  log("ingest…");
  const ingest = await benchIngest({
    baseUrl: stack.baseUrl,
    databaseUrl: stack.databaseUrl,
    fortioJson: chartFile.text,
    tokens: tokens.slice(1),
    clients,
    serialCount: quick ? 60 : 240,
    loadSeconds: quick ? 5 : 15,
    loadMax: 6000,
  });
  const i = ingest;
  rows.push(
    [
      "Ingest p50, 1 client",
      ms(i.serial.apiP50),
      `bare pg INSERT ${ms(i.serial.floorP50)}`,
      ratio(i.serial.apiP50, i.serial.floorP50),
      "≤ 2×",
      yes(i.serial.apiP50 <= 2 * i.serial.floorP50),
    ],
    [
      `Ingest p50, ${clients} clients`,
      ms(i.api.p50),
      `bare pg INSERT ${ms(i.floor.p50)}`,
      ratio(i.api.p50, i.floor.p50),
      "≤ 2×",
      yes(i.api.p50 <= 2 * i.floor.p50),
    ],
    [
      `Ingest p99, ${clients} clients`,
      ms(i.api.p99),
      `bare pg INSERT ${ms(i.floor.p99)}`,
      ratio(i.api.p99, i.floor.p99),
      "—",
      "",
    ],
    [
      `Ingest throughput, ${clients} clients`,
      `${i.api.perSecond.toFixed(0)} results/s (${i.api.count}, ${i.api.errors} errors)`,
      `bare pg INSERT ${i.floor.perSecond.toFixed(0)}/s`,
      ratio(i.api.perSecond, i.floor.perSecond),
      "≥ 300/s",
      yes(i.api.perSecond >= 300),
    ],
  );

  log("compare…");
  const runId = await uploadRun(stack.baseUrl, tokens[0]!, syntheticRunTrials(files));
  const level = (qps: number) => `qps-${qps}/c8/p0/http1/ka`;
  const compare = await benchCompare({
    baseUrl: stack.baseUrl,
    databaseUrl: stack.databaseUrl,
    token: tokens[0]!,
    session,
    runId,
    compareItems: VARIANTS.map((variant) => ({
      runId,
      variant,
      levelKey: level(QPS[QPS.length - 1]!),
    })),
    n: quick ? 10 : 30,
  });
  const c = compare;
  const floorNote = `pg SELECT 100 rows p95 ${ms(c.floor.p95)}`;
  rows.push(
    [
      "Run report data (reports.run, 100 trials) p95",
      `${ms(c.runData.p95)} (p50 ${ms(c.runData.p50)}, ${(c.runData.bytes / 1024).toFixed(0)} KiB)`,
      floorNote,
      ratio(c.runData.p95, c.floor.p95),
      "≤ 150 ms",
      yes(c.runData.p95 <= 150),
    ],
    [
      "Run page HTML (/runs/[id], 100 trials) p95",
      `${ms(c.runPage.p95)} (p50 ${ms(c.runPage.p50)}, ${(c.runPage.bytes / 1024).toFixed(0)} KiB)`,
      floorNote,
      ratio(c.runPage.p95, c.floor.p95),
      "≤ 150 ms",
      yes(c.runPage.p95 <= 150),
    ],
    [
      "Compare data (reports.compare, 5 series × 5 reps) p95",
      `${ms(c.compareData.p95)} (p50 ${ms(c.compareData.p50)}, ${(c.compareData.bytes / 1024).toFixed(0)} KiB)`,
      floorNote,
      ratio(c.compareData.p95, c.floor.p95),
      "≤ 150 ms",
      yes(c.compareData.p95 <= 150),
    ],
    [
      "Compare page HTML (/compare, 5 series) p95",
      `${ms(c.comparePage.p95)} (p50 ${ms(c.comparePage.p50)}, ${(c.comparePage.bytes / 1024).toFixed(0)} KiB)`,
      floorNote,
      ratio(c.comparePage.p95, c.floor.p95),
      "≤ 150 ms",
      yes(c.comparePage.p95 <= 150),
    ],
  );
  const run100 = syntheticRunTrials(files).map((t) => t.result);
  const pooling = await benchPooling(run100);
  rows.push([
    `Pool + percentiles, ${pooling.histograms} histograms p50`,
    `${ms(pooling.pool.p50)} (p95 ${ms(pooling.pool.p95)})`,
    `one pass over ${pooling.buckets} buckets ${ms(pooling.touch.p50)}`,
    ratio(pooling.pool.p50, pooling.touch.p50),
    "≤ 5 ms",
    yes(pooling.pool.p50 <= 5),
  ]);

  log("storage…");
  const storage = await benchStorage(
    stack.databaseUrl,
    runId,
    run100.reduce((a, t) => a + Buffer.byteLength(t), 0) / run100.length,
  );
  rows.push([
    "Storage per trial (histogram + summary)",
    `${storage.histogramAndSummary.toFixed(0)} B (whole row ${storage.wholeRow.toFixed(0)} B)`,
    `raw Fortio JSON ${storage.rawJson.toFixed(0)} B (as jsonb ${storage.rawAsJsonb.toFixed(0)} B)`,
    ratio(storage.histogramAndSummary, storage.rawJson),
    "—",
    "",
  ]);

  log("time to chart…");
  const single = await uploadRun(stack.baseUrl, tokens[0]!, [
    { format: "fortio", result: chartFile.text, variant: "baseline", repetition: 1 },
  ]);
  const report = await httpRequest(
    `${stack.baseUrl}/api/trpc/reports.run?input=${encodeURIComponent(JSON.stringify({ json: { runId: single } }))}`,
    { headers: { authorization: `Bearer ${tokens[0]!}` } },
  );
  const points = (
    JSON.parse(report.body) as {
      result: { data: { json: { levels: { curves: { cdf: unknown[] }[] }[] } } };
    }
  ).result.data.json.levels[0]!.curves[0]!.cdf.length;
  const fortioUrl = await startFortioUi(fortioBin, path.join(matrixDir, chartFile.name));
  const chart = await benchTimeToChart({
    oursUrl: `${stack.baseUrl}/runs/${single}`,
    baseUrl: stack.baseUrl,
    session,
    expectedPoints: points,
    fortioUrl,
    loads: quick ? 10 : 15,
  });
  rows.push([
    `Time to chart (cold, median of ${chart.loads})`,
    `${ms(chart.ours)} (${points} points)`,
    `Fortio ${FORTIO_VERSION} UI ${ms(chart.fortio)} (animation done ${ms(chart.fortioSettled)})`,
    ratio(chart.ours, chart.fortio),
    "≤ 1.0×",
    yes(chart.ours <= chart.fortio),
  ]);

  log("scheduler…");
  const sched = await benchScheduler(log);
  rows.push(["Scheduler: start run → first Job", sched.firstJob, "—", "—", "—", ""]);
  rows.push(["Scheduler: K8s API calls per trial", sched.callsPerTrial, "—", "—", "—", ""]);

  const table = [
    "| Benchmark | Measured | Reference (same run) | Ratio | Target | Met |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ].join("\n");
  const header = `Machine: ${cpus().length} × ${cpus()[0]?.model ?? "?"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; Node ${process.version}; ${new Date().toISOString()}; \`pnpm bench${quick ? " --quick" : ""}\``;
  process.stdout.write(`\n${header}\n\n${table}\n`);
  const out = path.join(repoRoot, "bench/results");
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, "latest.md"), `${header}\n\n${table}\n`);
  writeFileSync(
    path.join(out, "latest.json"),
    JSON.stringify({ ingest, compare, pooling, storage, chart, sched }, null, 2),
  );
}

main()
  .catch((error: unknown) => {
    process.stderr.write(
      `[bench] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  })
  .finally(async () => {
    closeAgent();
    await cleanupAll();
  });
