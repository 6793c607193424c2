/**
 * Runs each of the five benchmark templates on the demo's local real-node cluster and screenshots
 * its report: for every template, the definition `pnpm meshbench template show <key> --mesh custom
 * --test-scale --json` prints (built here by the same core function), saved as a benchmark,
 * started on cluster `local`, waited for, then its run page captured full-page (1280 px wide) with
 * Debian's Chromium into docs/screenshots/templates/<key>.png.
 *
 * Mesh `custom` with no labels runs un-meshed — the honest choice on a cluster with no mesh: the
 * reports compare "no-mesh" against an identical second path, so they show the sections and real
 * numbers, not a mesh's cost. Trials are test scale (3 s, ≤ 2 QPS levels, ≤ 2 connection counts);
 * a definition still above MAX_TRIALS gets the fewest repetitions its run rule allows (for
 * kmesh-vs-ambient: 1, so 16 trials instead of 32). The target runs at one replica: the local
 * cluster has two nodes, and the templates' anti-affinity (load generator on another node than the
 * entry pods) leaves the load generator unschedulable when the entry's replicas cover both
 * (ambient-vs-no-mesh asks for 2, elca-feature-cost for 4). Fixed rates above LOCAL_MAX_QPS are
 * dropped before test scale picks its levels (a 2-core machine cannot hold 2000 QPS through the
 * 3-tier sample app, and a trial short of its rate is excluded from the report), and trials last
 * long enough for MIN_SAMPLES requests at the lowest rate, with a margin: Fortio
 * sends a few fewer than rate × duration (20 QPS → 7 s). With `pngquant` on PATH
 * the screenshots are quantized to 256 colours (several times smaller).
 *
 * Needs `scripts/demo.sh` running with its cluster registered as `local`.
 * Usage: tsx scripts/template-reports.ts [app URL] [--only key,key] [--mode m] [--skip-runs]
 *   (--skip-runs: screenshot each template's latest finished run instead of starting new ones;
 *   --mode: the template's mode, e.g. `--only elca-feature-cost --mode ramp` for a capacity search,
 *   saved as <key>-<mode>.png; a capacity search gets CAPACITY_TRIALS trials from 300 QPS instead
 *   of test scale's 6 from the template's start, and an echo limited to CAPACITY_CPU, so each
 *   variant's search can converge)
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import {
  TEMPLATE_KEYS,
  ZBenchmarkDefinition,
  type TBenchmarkDefinitionInput,
  type TTemplateKey,
} from "@meshbench/contracts";
import { applyTestScale, buildTemplate, countTrials } from "@meshbench/core";
import { demoSession } from "./lib/demo-session";

const MAX_TRIALS = 24;
const LOCAL_MAX_QPS = 1024;
/** core's validity rule: a trial with fewer requests is excluded (too_few_samples). */
const MIN_SAMPLES = 100;
const CLUSTER = "local";
const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : (args.splice(i, 2)[1] ?? "");
};
const only = flag("--only")?.split(",");
const mode = flag("--mode");
const CAPACITY_TRIALS = 20;
const CAPACITY_CPU = "100m";
const runTitle = (key: TTemplateKey) =>
  `Template ${key}${mode ? ` (${mode})` : ""} (test scale, mesh custom)`;
const skipRuns = args.includes("--skip-runs");
const appUrl =
  args.find((a) => !a.startsWith("--")) ??
  process.env.MESHBENCH_URL ??
  `http://localhost:${process.env.PORT ?? "3000"}`;
const outDir = path.join(root, "docs/screenshots/templates");
const keys = TEMPLATE_KEYS.filter((k) => !only || only.includes(k));

/** The template at test scale with mesh `custom`, capped at MAX_TRIALS (see the header). */
function definitionFor(key: TTemplateKey): TBenchmarkDefinitionInput {
  const full = buildTemplate(key, { meshes: ["custom"], ...(mode ? { mode } : {}) }).definition;
  const qps = full.loadMatrix.qps.filter((q) => q === "max" || q <= LOCAL_MAX_QPS);
  const built = applyTestScale({ ...full, loadMatrix: { ...full.loadMatrix, qps } });
  const rates = qps.filter((q) => q !== "max");
  const definition = {
    ...built,
    target: { ...built.target, replicas: 1 },
    durationSeconds: Math.max(
      built.durationSeconds ?? 0,
      Math.ceil((1.25 * MIN_SAMPLES) / Math.min(...rates, MIN_SAMPLES)),
    ),
  } as typeof built;
  if (definition.capacity) {
    definition.capacity = { ...definition.capacity, startQps: 300, maxTrials: CAPACITY_TRIALS };
    // The template's 325m echo outruns what a 2-core machine's load generator can send (its
    // search ends "≥ 5,000"); at CAPACITY_CPU its capacity lies inside the search's range, so the
    // page shows searches that converge.
    if (definition.target.kind === "fortio-echo")
      definition.target = {
        ...definition.target,
        resources: {
          requests: { ...definition.target.resources?.requests, cpu: CAPACITY_CPU },
          limits: { ...definition.target.resources?.limits, cpu: CAPACITY_CPU },
        },
      };
  }
  const parsed = ZBenchmarkDefinition.parse(definition);
  if (countTrials(parsed) <= MAX_TRIALS) return definition;
  const repetitions = Math.max(1, parsed.methodology.runRule.dropWorst + 1);
  return { ...definition, repetitions, name: `${definition.name}, ${repetitions} rep.` };
}

type RunRow = {
  id: string;
  status: string;
  trialsTotal: number;
  trialsDone: number;
  trialsFailed: number;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function saveAndStart(key: TTemplateKey): Promise<string> {
  const definition = definitionFor(key);
  const existing = (await trpc<{ id: string; key: string }[]>("benchmarks.list")).find(
    (b) => b.key === definition.key,
  );
  const benchmarkId = existing
    ? (
        await trpc<{ id: string }>(
          "benchmarks.update",
          { benchmarkKey: existing.key, definition },
          true,
        )
      ).id
    : (await trpc<{ id: string }>("benchmarks.create", definition, true)).id;
  const started = await trpc<{ runId: string; trialsTotal: number; estimatedSeconds: number }>(
    "runs.start",
    { benchmarkId, clusterName: CLUSTER, title: runTitle(key) },
    true,
  );
  console.log(
    `${key}: benchmark ${definition.key}, run ${started.runId} queued (${started.trialsTotal} trials, ~${Math.round(started.estimatedSeconds)} s)`,
  );
  return started.runId;
}

async function waitFor(runId: string): Promise<RunRow> {
  for (;;) {
    const run = await trpc<RunRow>("runs.get", { runId });
    if (["succeeded", "failed", "cancelled"].includes(run.status)) return run;
    await sleep(5000);
  }
}

async function latestRun(key: TTemplateKey): Promise<string> {
  const runs = await trpc<{ items: { id: string; title: string | null }[] }>("runs.list", {
    limit: 50,
  });
  const run = runs.items.find((r) => r.title === runTitle(key));
  if (!run) throw new Error(`${key}: no earlier run to screenshot (run without --skip-runs)`);
  return run.id;
}

// Playwright lives in the e2e package (Debian's Chromium, as its config uses); the root has no
// dependency on it, so the little this script calls is typed here.
type Page = {
  goto(url: string, options: { waitUntil: "networkidle" }): Promise<unknown>;
  screenshot(options: { path: string; fullPage: boolean }): Promise<unknown>;
};
type Browser = {
  newContext(options: { viewport: { width: number; height: number } }): Promise<{
    addCookies(cookies: { name: string; value: string; url: string }[]): Promise<void>;
    newPage(): Promise<Page>;
  }>;
  close(): Promise<void>;
};
const { chromium } = createRequire(path.join(root, "e2e/package.json"))("@playwright/test") as {
  chromium: { launch(options: { executablePath: string; args: string[] }): Promise<Browser> };
};

async function screenshot(cookie: string, runs: Map<TTemplateKey, string>) {
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies(
      cookie.split("; ").map((c) => {
        const [name, ...value] = c.split("=");
        return { name: name!, value: value.join("="), url: appUrl };
      }),
    );
    const page = await context.newPage();
    for (const [key, runId] of runs) {
      // Every template's reference is its no-mesh variant (the page defaults to the first by name).
      await page.goto(`${appUrl}/runs/${runId}?ref=no-mesh`, { waitUntil: "networkidle" });
      await sleep(1500); // charts animate in
      const file = path.join(outDir, `${key}${mode ? `-${mode}` : ""}.png`);
      await page.screenshot({ path: file, fullPage: true });
      spawnSync("pngquant", ["--force", "--skip-if-larger", "--output", file, "256", file]);
      console.log(
        `${key}: ${path.relative(root, file)} (${Math.round(statSync(file).size / 1024)} KB)`,
      );
    }
  } finally {
    await browser.close();
  }
}

const { cookie, trpc } = await demoSession(appUrl);
const clusters = await trpc<{ name: string; status: string }[]>("clusters.list");
if (!clusters.some((c) => c.name === CLUSTER)) {
  console.error(`no cluster "${CLUSTER}" at ${appUrl}: start scripts/demo.sh (with its cluster)`);
  process.exit(1);
}
const runs = new Map<TTemplateKey, string>();
for (const key of keys) runs.set(key, skipRuns ? await latestRun(key) : await saveAndStart(key));
let failures = 0;
for (const [key, runId] of runs) {
  const run = await waitFor(runId);
  if (run.status !== "succeeded") failures++;
  console.log(
    `${key}: ${run.status}, ${run.trialsDone}/${run.trialsTotal} trials done, ${run.trialsFailed} failed — ${appUrl}/runs/${runId}?ref=no-mesh`,
  );
}
await screenshot(cookie, runs);
process.exit(failures ? 1 : 0);
