import { ZBenchmarkDefinition, ZBudgets, type TBenchmarkDefinition } from "@meshbench/contracts";
import { createRunRepository, type Database } from "@meshbench/db";
import type { Services } from "../context";
import { interleavedOrder, readDemoMatrix, recordDemoTrials } from "@meshbench/demo";

/**
 * Two tenants built through the real paths: users signed up with better-auth, sessions as cookie
 * headers, API tokens as bearer headers, each resolved to an Actor by resolveActor.
 */
export type Tenant = { workspaceId: string; slug: string; ownerUserId: string; runId: string };

/**
 * What buildMatrix adds to each tenant: a benchmark (key `<slug>-mesh`, with budgets), the
 * tenant's run filled with real Fortio trials of it (2 variants × 1 level × 3 repetitions, branch
 * `<slug>/main`, succeeded), a ready cluster (the fake apiserver) and a run share link.
 */
export type SeededTenant = Tenant & {
  benchmarkId: string;
  benchmarkKey: string;
  clusterId: string;
  shareLinkId: string;
};

const TRIAL_QPS = 100;
const TRIAL_CONNECTIONS = 8;
export const LEVEL_KEY = `qps-${TRIAL_QPS}/c${TRIAL_CONNECTIONS}/p0/http1/ka`;

export function benchmarkDefinition(key: string): TBenchmarkDefinition {
  return ZBenchmarkDefinition.parse({
    key,
    name: `${key} benchmark`,
    target: { kind: "fortio-echo" },
    variants: [
      { name: "baseline", mesh: "baseline" },
      { name: "nginx", mesh: "custom" },
    ],
    loadMatrix: { qps: [TRIAL_QPS], connections: [TRIAL_CONNECTIONS] },
    repetitions: 3,
    durationSeconds: 5,
    warmupSeconds: 0,
  });
}

export const MATRIX_BUDGETS = ZBudgets.parse({
  rules: [
    { kind: "absolute", statistic: "p99", maxMs: 50 },
    { kind: "overhead", baselineVariant: "baseline", maxPercent: 200, scope: { variant: "nginx" } },
  ],
});

export async function seedTenant<T extends Tenant>(
  db: Database,
  services: Services,
  tenant: T,
  kubeconfig: string,
): Promise<T & SeededTenant> {
  const ws = tenant.workspaceId;
  const benchmark = await services.benchmarks.create(
    ws,
    benchmarkDefinition(`${tenant.slug}-mesh`),
  );
  await services.verdicts.setBudgets(ws, benchmark.definition.key, MATRIX_BUDGETS, {
    actorUserId: null,
  });
  const files = interleavedOrder(readDemoMatrix()).filter(
    (f) => f.qps === TRIAL_QPS && f.connections === TRIAL_CONNECTIONS && f.repetition <= 3,
  );
  const runs = createRunRepository(db);
  await recordDemoTrials(runs, ws, tenant.runId, files);
  await db.run.update({
    where: { id: tenant.runId },
    data: {
      benchmarkId: benchmark.id,
      gitBranch: `${tenant.slug}/main`,
      trialsTotal: files.length,
    },
  });
  await runs.refreshProgress(ws, tenant.runId);
  await runs.setStatus(ws, tenant.runId, "succeeded");
  const { cluster } = await services.clusters.register(
    ws,
    { name: `${tenant.slug} cluster`, auth: { mode: "kubeconfig", kubeconfig } },
    { actorUserId: null },
  );
  if (cluster.status !== "ready")
    throw new Error(`fixture cluster is ${cluster.status}: ${cluster.statusMessage}`);
  const link = await services.share.create(ws, tenant.ownerUserId, {
    kind: "run",
    runId: tenant.runId,
  });
  return {
    ...tenant,
    benchmarkId: benchmark.id,
    benchmarkKey: benchmark.definition.key,
    clusterId: cluster.id,
    shareLinkId: link.id,
  };
}
