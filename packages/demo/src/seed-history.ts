import { ZBenchmarkDefinition, type TEnvironmentFingerprint } from "@meshbench/contracts";
import type { Database } from "@meshbench/db";
import { createRunRepository } from "@meshbench/db";
import { readDemoMatrix, recordDemoTrials } from "./matrix";

const HISTORY_BENCHMARK_KEY = "nightly-echo";
const HISTORY_RUNS = 12;
/** The first run after the step (1-based): the mesh upgrade that added a proxy hop. */
export const HISTORY_STEP_RUN = 7;
const historyRunTitle = (n: number) => `nightly #${n}`;

const DAY = 24 * 3600 * 1000;

function fingerprint(istio: string): TEnvironmentFingerprint {
  return {
    cluster: "lab",
    nodes: [{ instanceType: "4 cores, 16.0 GiB", count: 3 }],
    kubernetesVersion: "v1.33.1",
    meshVersions: { istio },
    fortioVersion: "1.68.2",
    fortioArgs: ["-t 5s", "-r 0.0001", "warmup 0s"],
    target: { kind: "fortio-echo", replicas: 1, image: "fortio/fortio:1.68.2" },
  };
}

/**
 * A seeded (made-up) nightly history with a step for the trend page, labelled `seeded=demo` so
 * the page says so: 12 daily runs of one level (100 QPS, 8
 * connections, 3 repetitions drawn in rotation from the real matrix). From run 7 on, the
 * "baseline" series is the nginx proxy's measurements — a real, measured step — and the recorded
 * environment says istio moved from 1.26.2 to 1.27.1, so comparing across it warns. Runs are dated
 * in the past, so the demo run stays the newest. Idempotent: replaces an earlier history.
 */
export async function seedHistoryDemo(db: Database, workspaceId: string, now = Date.now()) {
  const definition = {
    key: HISTORY_BENCHMARK_KEY,
    name: "Nightly echo latency (seeded demo data)",
    description:
      "Seeded demo data, not a schedule: 12 made-up nightly runs drawn from the recorded matrix, " +
      "with a step at run 7 where the environment says istio was upgraded.",
    target: { kind: "fortio-echo", replicas: 1 },
    variants: [{ name: "baseline", mesh: "baseline", labels: {}, annotations: {} }],
    loadMatrix: {
      qps: [100],
      connections: [8],
      payloadBytes: [0],
      protocols: ["http1"],
      keepAlive: [true],
    },
    repetitions: 3,
    durationSeconds: 5,
    warmupSeconds: 0,
    methodology: {},
  };
  const benchmark = await db.benchmark.upsert({
    where: { workspaceId_key: { workspaceId, key: HISTORY_BENCHMARK_KEY } },
    update: definition,
    create: { workspaceId, ...definition },
  });
  await db.run.deleteMany({ where: { workspaceId, benchmarkId: benchmark.id } });
  await db.changePointDecision.deleteMany({
    where: { workspaceId, benchmarkKey: HISTORY_BENCHMARK_KEY },
  });
  const runs = createRunRepository(db);
  const matrix = readDemoMatrix().filter((f) => f.qps === 100);
  const runIds: string[] = [];
  for (let n = 1; n <= HISTORY_RUNS; n++) {
    const stepped = n >= HISTORY_STEP_RUN;
    const istio = stepped ? "1.27.1" : "1.26.2";
    const files = [0, 1, 2].map((k) => {
      const rep = ((n + k) % 5) + 1;
      const file = matrix.find(
        (f) => f.variant === (stepped ? "nginx" : "baseline") && f.repetition === rep,
      )!;
      return { ...file, variant: "baseline", repetition: k + 1 };
    });
    const runId = await runs.create(workspaceId, {
      title: historyRunTitle(n),
      source: "import",
      status: "running",
      benchmarkId: benchmark.id,
      definition: ZBenchmarkDefinition.parse(definition),
      // `seeded=demo`: the history page says these nights are seeded, not measured on a schedule.
      labels: { mesh: "istio", meshVersion: istio, seeded: "demo" },
      git: { branch: "main", commit: `c0ffee${String(n).padStart(2, "0")}`.padEnd(40, "0") },
      environment: { fingerprint: fingerprint(istio) },
    });
    await recordDemoTrials(runs, workspaceId, runId, files);
    await runs.refreshProgress(workspaceId, runId);
    await runs.setStatus(workspaceId, runId, "succeeded");
    await db.run.update({
      where: { id: runId },
      data: { createdAt: new Date(now - (HISTORY_RUNS + 1 - n) * DAY) },
    });
    runIds.push(runId);
  }
  return { benchmarkKey: HISTORY_BENCHMARK_KEY, runIds };
}
