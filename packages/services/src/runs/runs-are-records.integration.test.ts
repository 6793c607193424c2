import { DomainError, ZBudgets, type TBenchmarkDefinition } from "@meshbench/contracts";
import { buildRunReport } from "@meshbench/core";
import {
  createPrismaClient,
  createResourceSampleRepository,
  createRunRepository,
} from "@meshbench/db";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { beforeAll, describe, expect, it } from "vitest";
import { createServices, type Services } from "../create-services";
import {
  finishedRun,
  ISTIO_MANIFESTS,
  recordsWorkspace,
  sha256,
} from "../test-support/records-fixture";

/** Everything a person or CI reads about a run, as the bytes they receive. */
async function readRecord(services: Services, ws: string, runId: string) {
  // The verdict first: the bundle carries its record.
  const verdict = JSON.stringify(await services.verdicts.get(ws, { runId }));
  const { exportedAt: _at, ...bundle } = await services.bundles.build(ws, runId);
  return {
    report: JSON.stringify(await services.reports.runReport(ws, runId)),
    verdict,
    json: (await services.exports.run(ws, runId, "json")).body,
    csv: (await services.exports.run(ws, runId, "csv")).body,
    bundle: JSON.stringify(bundle),
  };
}

/** An edit that would change every table, delta and verdict if the run read it. */
const edited = (def: TBenchmarkDefinition): TBenchmarkDefinition => ({
  ...def,
  repetitions: 5,
  warmupSeconds: 20,
  reportSections: ["percentiles"],
  // The default reference becomes "istio" (the definition's no-mesh variant).
  variants: [
    { ...def.variants[0]!, mesh: "custom" },
    { ...def.variants[1]!, mesh: "baseline", manifests: "" },
  ],
  methodology: { ...def.methodology, runRule: { dropWorst: 1, by: "p99" } },
});

describe("runs are records: the definition a run was created with is the one it keeps (real database)", () => {
  const db = useTestDatabase(createPrismaClient);
  const enqueued: string[] = [];
  const fresh = () =>
    createServices(db(), {
      runQueue: { enqueue: (job) => Promise.resolve(enqueued.push(job.runId)) },
    });
  let ws: string;
  let clusterId: string;
  let bench: Awaited<ReturnType<typeof recordsWorkspace>>["bench"];
  let runId: string;

  beforeAll(async () => {
    ({ ws, clusterId, bench } = await recordsWorkspace(db(), fresh(), "records"));
    runId = await finishedRun(db(), fresh(), ws, { benchmarkId: bench.id, clusterId });
  });

  it("keeps a run's report, verdict, exports and bundle byte-identical after its benchmark and budgets are edited (read by a fresh createServices)", async () => {
    const before = await readRecord(fresh(), ws, runId);
    expect(JSON.parse(before.verdict)).toMatchObject({ status: "fail" });
    await fresh().benchmarks.update(ws, bench.definition.key, edited(bench.definition));
    await fresh().verdicts.setBudgets(
      ws,
      bench.definition.key,
      ZBudgets.parse({ rules: [{ kind: "overhead", statistic: "p50", maxPercent: 5000 }] }),
      { actorUserId: null },
    );
    const after = await readRecord(fresh(), ws, runId);
    expect(after).toEqual(before);

    // The same run read against today's definition would differ: the test could fail.
    const run = await createRunRepository(db()).get(ws, runId);
    const current = (await fresh().benchmarks.get(ws, bench.definition.key)).definition;
    const samples = await createResourceSampleRepository(db()).listTrialSamples(ws, runId);
    const today = buildRunReport({ run: run!, definition: current, samples, audience: "member" });
    expect(today.reference).toBe("istio");
    expect(JSON.parse(before.report)).toMatchObject({ reference: "baseline" });
    expect((await fresh().verdicts.recompute(ws, { runId })).status).toBe("pass");
  });

  it("shows the definition as run, with its manifests' digests and what changed since", async () => {
    const view = await fresh().runs.definition(ws, runId);
    expect(view.source).toBe("snapshot");
    expect(view.benchmark).toMatchObject({ id: bench.id, key: "records-mesh", archived: false });
    expect(view.snapshot?.definition.warmupSeconds).toBe(5);
    expect(view.snapshot?.manifestDigests).toEqual({
      "variants.istio.manifests": sha256(ISTIO_MANIFESTS),
    });
    expect(view.snapshot?.images).toEqual(["fortio/fortio:1.68.2"]);
    expect(view.changes.map((c) => c.path)).toEqual([
      "methodology.runRule.by",
      "methodology.runRule.dropWorst",
      "repetitions",
      "reportSections",
      "variants.baseline.mesh",
      "variants.istio.manifests",
      "variants.istio.mesh",
      "warmupSeconds",
    ]);
    expect(view.changes.find((c) => c.path === "variants.istio.mesh")).toEqual({
      path: "variants.istio.mesh",
      before: "istio-sidecar",
      after: "baseline",
    });
  });

  it("resumes a run edited mid-run with the snapshot's trials: same keys, same Fortio requests", async () => {
    const services = fresh();
    const def = (await services.benchmarks.get(ws, bench.definition.key)).definition;
    const { runId: midRun } = await services.scheduling.start(ws, {
      benchmarkId: bench.id,
      clusterId,
      git: {},
      labels: {},
    });
    const planned = (await services.execution.plan(ws, midRun))!;
    const { describeLoad } = await import("@meshbench/k8s");
    const requests = describeLoad(midRun, planned.definition, planned.plan);
    // Two trials ran before the worker stopped.
    for (const t of planned.plan.slice(0, 2))
      await services.execution.markFailed(ws, midRun, t, "worker stopped");
    await services.benchmarks.update(ws, bench.definition.key, {
      ...def,
      loadMatrix: { ...def.loadMatrix, qps: [200], connections: [16] },
      repetitions: 2,
      durationSeconds: 60,
      methodology: {
        ...def.methodology,
        interleaving: "randomized-blocks",
        fortio: { ...def.methodology.fortio, resolutionSeconds: 0.001 },
      },
    });
    const resumed = (await fresh().execution.plan(ws, midRun))!;
    expect(resumed.plan).toEqual(planned.plan);
    expect(resumed.remaining.map((t) => t.key)).toEqual(planned.plan.slice(2).map((t) => t.key));
    expect(describeLoad(midRun, resumed.definition, resumed.plan)).toEqual(requests);
    expect(Object.values(requests).join("\n")).toMatch(
      /"qps":"100","c":"8","t":"30s","r":"0\.0001"/,
    );
    // A run started now plans the edited matrix.
    const { runId: later } = await services.scheduling.start(ws, {
      benchmarkId: bench.id,
      clusterId,
      git: {},
      labels: {},
    });
    const next = (await fresh().execution.plan(ws, later))!;
    expect(new Set(next.plan.map((t) => t.coordinates.requestedQps))).toEqual(new Set([200]));
  });

  it("refuses a new key once the benchmark has runs (BAD_REQUEST on key), and stores nothing", async () => {
    const services = fresh();
    const def = (await services.benchmarks.get(ws, bench.definition.key)).definition;
    const error = await services.benchmarks
      .update(ws, bench.definition.key, { ...def, key: "renamed", name: "Renamed" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: "BAD_REQUEST", field: "key" });
    expect((await services.benchmarks.get(ws, bench.definition.key)).definition).toMatchObject({
      key: "records-mesh",
      name: def.name,
    });
    // Without runs the key is still the user's to change.
    const spare = await services.benchmarks.create(ws, { ...def, key: "spare" });
    const renamed = await services.benchmarks.update(ws, spare.definition.key, {
      ...def,
      key: "spare-2",
    });
    expect(renamed.definition.key).toBe("spare-2");
  });

  it("archives a benchmark: hidden from lists and not runnable, its runs and history intact", async () => {
    const services = fresh();
    await services.benchmarks.setArchived(ws, bench.definition.key, true);
    expect((await services.benchmarks.list(ws)).map((b) => b.key)).not.toContain("records-mesh");
    expect(await services.benchmarks.list(ws, { archived: true })).toContainEqual(
      expect.objectContaining({ key: "records-mesh", archived: true }),
    );
    const runs = await services.runs.list(ws, { limit: 100 });
    expect(runs.items.map((r) => r.id)).toContain(runId);
    const history = await services.history.get(ws, {
      benchmarkKey: "records-mesh",
      statistic: "p50",
      limit: 30,
    });
    expect(history.runs.map((r) => r.runId)).toContain(runId);
    await expect(
      services.scheduling.start(ws, { benchmarkId: bench.id, clusterId, git: {}, labels: {} }),
    ).rejects.toMatchObject({ code: "PRECONDITION_FAILED" });
    expect((await services.reports.runReport(ws, runId)).run.id).toBe(runId);
    await services.benchmarks.setArchived(ws, bench.definition.key, false);
    expect((await services.benchmarks.list(ws)).map((b) => b.key)).toContain("records-mesh");
  });
});
