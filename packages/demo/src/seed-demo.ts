import type { Database } from "@meshbench/db";
import { createRunRepository, createWorkspaceRepository } from "@meshbench/db";
import { interleavedOrder, readDemoMatrix, recordDemoTrials } from "./matrix";
import { seedDemoAuth } from "./seed-demo-auth";

const DEMO_WORKSPACE = { slug: "demo", name: "Demo workspace" };
const DEMO_RUN_TITLE = "nginx proxy vs baseline — Fortio echo, 8 connections";

/** Loads the real Fortio matrix as the demo run. Idempotent: replaces an earlier demo run. */
export async function seedDemo(db: Database) {
  const workspace = await createWorkspaceRepository(db).ensure(
    DEMO_WORKSPACE.slug,
    DEMO_WORKSPACE.name,
  );
  const { userId } = await seedDemoAuth(db, workspace.id);
  // Re-seeding brings an older demo benchmark up to date (e.g. budgets added later).
  const demoBenchmark = {
    key: "nginx-vs-baseline",
    name: "nginx proxy vs baseline",
    description:
      "Fortio echo server straight vs through an nginx reverse proxy (a stand-in sidecar).",
    target: { kind: "fortio-echo", replicas: 1 },
    variants: [
      { name: "baseline", mesh: "baseline", labels: {}, annotations: {} },
      { name: "nginx", mesh: "custom", labels: {}, annotations: {} },
    ],
    loadMatrix: {
      qps: [100, 500, 1000],
      connections: [8],
      payloadBytes: [0],
      protocols: ["http1"],
      keepAlive: [true],
    },
    repetitions: 5,
    durationSeconds: 5,
    warmupSeconds: 0,
    methodology: {
      resolutionSeconds: 0.0001,
      interleave: "round-robin",
      percentiles: [50, 75, 90, 99, 99.9],
    },
    // CI budgets, so the README's upload one-liner gets a real verdict: the proxy may add at
    // most 1 ms to the median, and no cell's pooled p99 may exceed 10 ms.
    budgets: {
      confidence: 0.95,
      minRepetitions: 2,
      minSamples: 200,
      rules: [
        { kind: "overhead", statistic: "p50", baselineVariant: "baseline", maxMs: 1 },
        { kind: "absolute", statistic: "p99", maxMs: 10 },
      ],
    },
  };
  const benchmark = await db.benchmark.upsert({
    where: { workspaceId_key: { workspaceId: workspace.id, key: "nginx-vs-baseline" } },
    update: demoBenchmark,
    create: { workspaceId: workspace.id, ...demoBenchmark },
  });

  await db.run.deleteMany({ where: { workspaceId: workspace.id, title: DEMO_RUN_TITLE } });
  const runs = createRunRepository(db);
  const files = interleavedOrder(readDemoMatrix());
  const runId = await runs.create(workspace.id, {
    title: DEMO_RUN_TITLE,
    source: "import",
    status: "running",
    benchmarkId: benchmark.id,
    labels: { demo: "true" },
    environment: {
      machine: "2 cores, 24 GiB (load generator, proxy and server share the cores)",
      loadGenerator: "fortio 1.68.2",
      proxy: "nginx 1.22, pooled upstream keep-alive",
      fortioCommand: "fortio load -qps Q -c 8 -t 5s -r 0.0001 -p 50,75,90,99,99.9",
    },
  });
  await db.run.update({ where: { id: runId }, data: { trialsTotal: files.length } });
  await recordDemoTrials(runs, workspace.id, runId, files);
  await runs.refreshProgress(workspace.id, runId);
  await runs.setStatus(workspace.id, runId, "succeeded");
  return { workspaceId: workspace.id, userId, runId, trials: files.length };
}
