import { createHash } from "node:crypto";
import { ZBenchmarkDefinition, ZBudgets, type TBudgetsInput } from "@meshbench/contracts";
import { createRunRepository, type Database } from "@meshbench/db";
import type { Services } from "../create-services";
import { recordFixtureRun, reps } from "./fixture-trials";

export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

export const ISTIO_MANIFESTS =
  "apiVersion: security.istio.io/v1\nkind: PeerAuthentication\nmetadata:\n  name: strict\nspec:\n  mtls:\n    mode: STRICT\n";

/** Baseline vs a meshed variant (the matrix's nginx files), 3 repetitions at 100 and 500 QPS. */
export const recordsDefinition = (key: string) =>
  ZBenchmarkDefinition.parse({
    key,
    name: "Runs are records",
    target: { kind: "fortio-echo" },
    variants: [
      { name: "baseline", mesh: "baseline" },
      { name: "istio", mesh: "istio-sidecar", manifests: ISTIO_MANIFESTS },
    ],
    loadMatrix: { qps: [100, 500], connections: [8] },
    repetitions: 3,
    methodology: { idleGate: false },
  });

export const OVERHEAD_BUDGETS: TBudgetsInput = {
  minRepetitions: 2,
  rules: [{ kind: "overhead", statistic: "p50", maxPercent: 10 }],
};

/** A workspace with a ready cluster and a benchmark with budgets; runs go to a recording queue. */
export async function recordsWorkspace(db: Database, services: Services, slug: string) {
  const ws = (await db.workspace.create({ data: { slug, name: slug } })).id;
  const cluster = await db.cluster.create({
    data: { workspaceId: ws, name: `${slug} lab`, status: "ready", serverVersion: "v1.32.0" },
  });
  const bench = await services.benchmarks.create(ws, recordsDefinition(`${slug}-mesh`));
  await services.verdicts.setBudgets(ws, bench.definition.key, ZBudgets.parse(OVERHEAD_BUDGETS), {
    actorUserId: null,
  });
  return { ws, clusterId: cluster.id, bench };
}

/** Starts a run of the benchmark and records the matrix's real Fortio results as its trials. */
export async function finishedRun(
  db: Database,
  services: Services,
  ws: string,
  ids: { benchmarkId: string; clusterId: string },
) {
  const { runId } = await services.scheduling.start(ws, { ...ids, git: {}, labels: {} });
  await recordFixtureRun(createRunRepository(db), ws, runId, [
    ...reps("baseline", "baseline", 100, [1, 2, 3]),
    ...reps("istio", "nginx", 100, [1, 2, 3]),
    ...reps("baseline", "baseline", 500, [1, 2, 3]),
    ...reps("istio", "nginx", 500, [1, 2, 3]),
  ]);
  return runId;
}
