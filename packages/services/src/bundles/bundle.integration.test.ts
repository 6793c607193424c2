import { readFileSync } from "node:fs";
import path from "node:path";
import { BUNDLE_SCHEMA_PATH, ZImportBundleInput, type TRunReport } from "@meshbench/contracts";
import {
  createPrismaClient,
  createResourceSampleRepository,
  createRunRepository,
} from "@meshbench/db";
import { useTestDatabase } from "@meshbench/testing/postgres";
import Ajv2020 from "ajv/dist/2020";
import { beforeAll, describe, expect, it } from "vitest";
import { createServices } from "../create-services";
import { recordFixtureRun, reps } from "../test-support/fixture-trials";
import { recordsWorkspace } from "../test-support/records-fixture";

const FINGERPRINT = {
  cluster: "bundle lab",
  nodes: [{ instanceType: "2 cores, 8.0 GiB", count: 2 }],
  kubernetesVersion: "v1.32.0",
  meshVersions: { istio: "1.24.2" },
  fortioVersion: "1.68.2",
  fortioArgs: ["-t 30s", "-r 0.0001", "warmup 5s"],
  target: { kind: "fortio-echo" },
};

/**
 * What may differ between a report and the same report of the run imported elsewhere: the run's
 * and its trials' database ids, when the run was created (the import's own time) and its source
 * ("import"). Everything else — tables, deltas and intervals, noise bands, curves, resources,
 * validity, environment, the benchmark and cluster names — must be the same bytes.
 */
function normalised(report: TRunReport) {
  return JSON.stringify({
    ...report,
    run: { ...report.run, id: "<run>", createdAt: "<created>", source: "<source>" },
    trials: report.trials.map((t) => ({ ...t, id: "<trial>" })),
  });
}

describe("reproducibility bundles (real database)", () => {
  const db = useTestDatabase(createPrismaClient);
  const enqueued: string[] = [];
  const fresh = () =>
    createServices(db(), {
      runQueue: { enqueue: (job) => Promise.resolve(enqueued.push(job.runId)) },
    });
  let a: Awaited<ReturnType<typeof recordsWorkspace>>;
  let runId: string;
  let body: string;

  beforeAll(async () => {
    a = await recordsWorkspace(db(), fresh(), "bundle");
    const services = fresh();
    // The cluster's A/A calibration, so the report's deltas carry noise bands.
    const aa = await createRunRepository(db()).create(a.ws, {
      title: "A/A",
      source: "scheduled",
      status: "running",
      clusterId: a.clusterId,
    });
    await recordFixtureRun(createRunRepository(db()), a.ws, aa, [
      ...reps("a", "baseline", 100, [1, 2, 3]),
      ...reps("a-prime", "baseline", 100, [3, 4, 5]),
    ]);
    await services.noise.recordCalibration(a.ws, a.clusterId, aa);
    const { runId: id } = await services.scheduling.start(a.ws, {
      benchmarkId: a.bench.id,
      clusterId: a.clusterId,
      git: { repo: "https://ci:tok3n-never-travels@git.example/mesh.git", branch: "main" },
      labels: { tag: "nightly" },
    });
    runId = id;
    await services.execution.setEnvironment(a.ws, runId, {
      fingerprint: FINGERPRINT,
      cluster: { "server version": "v1.32.0", kubeconfig: "apiVersion: v1 # secret" },
      loadGenerator: { header: "Bearer eyJhbGciOiJIUzI1NiJ9.never-travels" },
    });
    await recordFixtureRun(createRunRepository(db()), a.ws, runId, [
      ...reps("baseline", "baseline", 100, [1, 2, 3]),
      ...reps("istio", "nginx", 100, [1, 2, 3]),
    ]);
    await createResourceSampleRepository(db()).addMany(a.ws, runId, [
      {
        trialKey: "istio/qps-100/c8/p0/http1/ka/rep1",
        variant: "istio",
        role: "proxy",
        namespace: "mb-istio",
        pod: "echo-1",
        container: "istio-proxy",
        cpuMillicores: 120,
        memoryBytes: 50e6,
        sampledAt: new Date("2026-11-26T08:00:00Z"),
      },
    ]);
    expect((await services.verdicts.get(a.ws, { runId })).status).toBe("fail");
    body = (await services.bundles.export(a.ws, runId)).body;
  });

  it("writes a file the committed JSON schema accepts, and no secret", () => {
    const schema = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, "../../../..", BUNDLE_SCHEMA_PATH), "utf8"),
    ) as object;
    const validate = new Ajv2020({ strict: false, validateFormats: false }).compile(schema);
    const bundle = JSON.parse(body) as unknown;
    expect(validate(bundle), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...(bundle as object), version: 2 })).toBe(false);
    expect(body).not.toContain("tok3n");
    expect(body).not.toContain("never-travels");
    expect(body).not.toContain("kubeconfig");
    expect(JSON.parse(body)).toMatchObject({
      format: "meshbench.bundle",
      version: 1,
      run: { git: { repo: "https://git.example/mesh.git" } },
      fingerprint: FINGERPRINT,
      noiseCalibration: { calibration: { levels: [expect.objectContaining({ repetitions: 3 })] } },
      verdicts: [expect.objectContaining({ status: "fail" })],
      secrets: [],
    });
  });

  it("imports into another workspace as a read-only run that renders the same report", async () => {
    const b = await recordsWorkspace(db(), fresh(), "elsewhere");
    const services = fresh();
    const { runId: imported } = await services.bundles.import(
      b.ws,
      ZImportBundleInput.parse({ bundle: JSON.parse(body) as unknown }),
    );
    const original = await fresh().reports.runReport(a.ws, runId);
    const copy = await fresh().reports.runReport(b.ws, imported);
    expect(copy.run).toMatchObject({
      source: "import",
      benchmarkKey: "bundle-mesh",
      clusterName: "bundle lab",
    });
    const [x, y] = [normalised(copy), normalised(original)];
    const at = [...x].findIndex((ch, i) => ch !== y[i]);
    expect(
      x,
      `first difference at ${at}: ${x.slice(at - 200, at + 200)}\n---\n${y.slice(at - 200, at + 200)}`,
    ).toBe(y);
    // The noise bands travelled with it, and so did the resources.
    const istio = copy.levels[0]!.rows.find((r) => r.variant === "istio")!;
    expect(istio.stats.find((s) => s.stat === "p50")?.noise).toBeTruthy();
    expect(copy.resources.length).toBeGreaterThan(0);
    // Its verdict is the record that travelled, not a judgement by this workspace's budgets.
    const verdict = await fresh().verdicts.get(b.ws, { runId: imported });
    const first = await fresh().verdicts.get(a.ws, { runId });
    expect({ ...verdict, id: null, runId: null }).toEqual({ ...first, id: null, runId: null });
    // A's ids stay out of B's run: only where it came from names the original.
    expect((await services.runs.definition(b.ws, imported)).benchmark).toBeNull();
  });

  it("refuses a bundle of an unfinished run, or with a trial twice, and writes nothing", async () => {
    const b = (await db().workspace.create({ data: { slug: "refuse", name: "refuse" } })).id;
    const bundle = JSON.parse(body) as { run: object; trials: object[] };
    const running = { ...bundle, run: { ...bundle.run, status: "running" } };
    const twice = { ...bundle, trials: [...bundle.trials, bundle.trials[0]] };
    for (const [hostile, field] of [
      [running, "bundle.run.status"],
      [twice, `bundle.trials.${bundle.trials.length}.key`],
    ] as const)
      await expect(
        fresh().bundles.import(b, ZImportBundleInput.parse({ bundle: hostile })),
      ).rejects.toMatchObject({ code: "BAD_REQUEST", field });
    expect(await db().run.count({ where: { workspaceId: b } })).toBe(0);
  });

  it("runs it again on another cluster: lists the fingerprint differences first, then starts", async () => {
    const services = fresh();
    const other = await db().cluster.create({
      data: {
        workspaceId: a.ws,
        name: "bigger lab",
        status: "ready",
        serverVersion: "v1.33.1",
        nodes: {
          count: 1,
          cpuMillicores: 8000,
          memoryBytes: 32 * 1024 ** 3,
          zones: [],
          nodes: [{ name: "n1", cpuMillicores: 8000, memoryBytes: 32 * 1024 ** 3, zone: null }],
        },
      },
    });
    const plan = await services.bundles.rerunPlan(a.ws, { runId, clusterId: other.id });
    expect(plan.benchmarkKey).toBe("bundle-mesh-rerun");
    expect(plan.differences.map((d) => d.field)).toEqual(
      expect.arrayContaining(["cluster", "kubernetesVersion"]),
    );
    expect(plan.differences.find((d) => d.field === "kubernetesVersion")).toMatchObject({
      a: "v1.32.0",
      b: "v1.33.1",
    });
    expect(plan.notes.join(" ")).toMatch(/meshes were never detected/);
    const before = enqueued.length;
    const started = await services.bundles.rerun(a.ws, { runId, clusterId: other.id });
    expect(enqueued.slice(before)).toEqual([started.runId]);
    expect(started).toMatchObject({ benchmarkKey: "bundle-mesh-rerun" });
    const ran = await services.runs.definition(a.ws, started.runId);
    const original = await services.runs.definition(a.ws, runId);
    expect({ ...ran.snapshot!.definition, key: "k" }).toEqual({
      ...original.snapshot!.definition,
      key: "k",
    });
    // A cluster that is not ready is refused before anything is written.
    const down = await db().cluster.create({
      data: { workspaceId: a.ws, name: "down", status: "unreachable" },
    });
    const count = await db().benchmark.count({ where: { workspaceId: a.ws } });
    await expect(services.bundles.rerun(a.ws, { runId, clusterId: down.id })).rejects.toMatchObject(
      { code: "PRECONDITION_FAILED", field: "clusterId" },
    );
    expect(await db().benchmark.count({ where: { workspaceId: a.ws } })).toBe(count);
  });
});
