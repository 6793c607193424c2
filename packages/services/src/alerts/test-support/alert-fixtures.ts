import { ZBenchmarkDefinition } from "@meshbench/contracts";
import { createRunRepository, type Database } from "@meshbench/db";
import type { Services } from "../../create-services";
import { recordFixtureRun, reps } from "../../test-support/fixture-trials";

const DAY = 24 * 3600 * 1000;

/** One variant at 100 QPS, 3 repetitions: the series "baseline @ 100 QPS, 8 conn". */
export const alertDefinition = (key: string) =>
  ZBenchmarkDefinition.parse({
    key,
    name: `Alerts ${key}`,
    target: { kind: "fortio-echo" },
    variants: [{ name: "baseline", mesh: "baseline" }],
    loadMatrix: { qps: [100], connections: [8] },
    repetitions: 3,
  });

export async function alertWorkspace(db: Database, services: Services, slug: string) {
  const ws = (await db.workspace.create({ data: { slug, name: slug } })).id;
  const bench = await services.benchmarks.create(ws, alertDefinition(`${slug}-bench`));
  return { ws, benchmarkId: bench.id, benchmarkKey: bench.definition.key };
}

/**
 * A run of the benchmark, `daysAgo` old. `stepped` records the matrix's nginx files as the
 * baseline (a real step up in latency); `failed` ends it failed with no trials.
 */
export async function historyRun(
  db: Database,
  target: { ws: string; benchmarkId: string; benchmarkKey: string },
  n: number,
  options: { stepped?: boolean; failed?: boolean; daysAgo: number },
) {
  const runs = createRunRepository(db);
  const runId = await runs.create(target.ws, {
    title: `night ${n}`,
    source: "import",
    status: "running",
    benchmarkId: target.benchmarkId,
    definition: alertDefinition(target.benchmarkKey),
  });
  if (options.failed) {
    await db.run.update({
      where: { id: runId },
      data: { status: "failed", error: "the cluster broke down" },
    });
  } else {
    const file = options.stepped ? "nginx" : "baseline";
    const r = (n % 5) + 1;
    await recordFixtureRun(
      runs,
      target.ws,
      runId,
      reps("baseline", file, 100, [r, (r % 5) + 1, ((r + 1) % 5) + 1]),
    );
  }
  await db.run.update({
    where: { id: runId },
    data: { createdAt: new Date(Date.now() - options.daysAgo * DAY) },
  });
  return runId;
}
