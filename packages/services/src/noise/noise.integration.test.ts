import {
  createBenchmarkRepository,
  createPrismaClient,
  createRunRepository,
  type Database,
} from "@meshbench/db";
import { createTestDatabase } from "@meshbench/testing/postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServices, type Services } from "../create-services";
import { recordFixtureRun, reps } from "../test-support/fixture-trials";

describe("A/A calibration and the noise band beside deltas (real database)", () => {
  let db: Database;
  let drop: () => Promise<void>;
  let services: Services;
  let ws: string;
  let clusterId: string;
  let aaRunId: string;
  let laterRunId: string;
  const enqueued: string[] = [];

  beforeAll(async () => {
    const test = await createTestDatabase();
    drop = test.drop;
    db = createPrismaClient(test.url);
    services = createServices(db, {
      runQueue: { enqueue: (job) => Promise.resolve(enqueued.push(job.runId)) },
    });
    ws = (await db.workspace.create({ data: { slug: "noise", name: "Noise" } })).id;
    clusterId = (
      await db.cluster.create({ data: { workspaceId: ws, name: "Lab Cluster", status: "ready" } })
    ).id;
  });
  afterAll(async () => {
    await db.$disconnect();
    await drop();
  });

  it("queues an A/A run of two identical baselines through run scheduling, pending until it ends", async () => {
    expect((await services.noise.noiseBand(ws, clusterId)).status).toBe("none");
    const started = await services.noise.calibrate(ws, { clusterId, repetitions: 3 });
    aaRunId = started.runId;
    expect(enqueued).toEqual([aaRunId]);
    const bench = await createBenchmarkRepository(db).getByKey(ws, started.benchmarkKey);
    expect(bench?.definition.variants.map((v) => [v.name, v.mesh])).toEqual([
      ["a", "baseline"],
      ["a-prime", "baseline"],
    ]);
    expect(bench?.definition.repetitions).toBeGreaterThanOrEqual(3);
    expect(started.trialsTotal).toBe(2 * 2 * bench!.definition.repetitions);
    const pending = await services.noise.noiseBand(ws, clusterId);
    expect(pending).toMatchObject({ status: "pending", runId: aaRunId, levels: [] });
  });

  it("computes and stores the band once the A/A run succeeded (100 and 1000 QPS calibrated)", async () => {
    await recordFixtureRun(createRunRepository(db), ws, aaRunId, [
      ...reps("a", "baseline", 100, [1, 2, 3]),
      ...reps("a-prime", "baseline", 100, [3, 4, 5]),
      ...reps("a", "baseline", 1000, [1, 2, 3]),
      ...reps("a-prime", "baseline", 1000, [3, 4, 5]),
    ]);
    const band = await services.noise.noiseBand(ws, clusterId);
    expect(band.status).toBe("ready");
    expect(band.levels.map((l) => [l.requestedQps, l.repetitions])).toEqual([
      [100, 3],
      [1000, 3],
    ]);
    for (const l of band.levels) {
      const [lo, hi] = l.bands.p50!;
      expect(Number.isFinite(lo) && Number.isFinite(hi)).toBe(true);
      expect(hi - lo).toBeGreaterThan(0);
    }
    const stored = await db.noiseCalibration.findUniqueOrThrow({ where: { runId: aaRunId } });
    expect(stored.levelsCalibrated).toBe(2);
    expect(stored.computedAt).not.toBeNull();
  });

  it("puts the band beside a later run's deltas: calibrated, nearest level, and 'within noise'", async () => {
    const run = await createRunRepository(db).create(ws, {
      title: "nginx vs baseline later",
      source: "import",
      status: "running",
      clusterId,
    });
    await recordFixtureRun(createRunRepository(db), ws, run, [
      ...reps("baseline", "baseline", 100, [1, 2, 3]),
      ...reps("baseline", "baseline", 500, [1, 2, 3]),
      ...reps("nginx", "nginx", 100, [1, 2, 3, 4, 5]),
      ...reps("nginx", "nginx", 500, [1, 2, 3, 4, 5]),
      // the same baseline again: the A/A pair at 100 QPS, so its delta is the cluster's noise
      ...reps("same", "baseline", 100, [3, 4, 5]),
    ]);
    laterRunId = run;
    const report = await services.reports.runReport(ws, run);
    const cell = (qps: number, variant: string) =>
      report.levels
        .find((l) => l.level.requestedQps === qps)!
        .rows.find((r) => r.variant === variant)!
        .stats.find((s) => s.stat === "p50")!;

    const same = cell(100, "same");
    expect(same.noise).toMatchObject({
      source: "calibrated",
      calibrationRunId: aaRunId,
      call: "noise",
    });
    expect(same.wording).toMatch(/^within noise \(A\/A noise at 100 QPS\)/);

    const nginx100 = cell(100, "nginx");
    expect(nginx100.noise?.source).toBe("calibrated");
    expect(nginx100.noise?.call).toBe("real");
    expect(nginx100.wording).not.toMatch(/within noise/);

    const nginx500 = cell(500, "nginx");
    expect(nginx500.noise).toMatchObject({ source: "nearest", calibratedQps: 100 });
    expect(nginx500.noise?.label).toBe("A/A noise at 100 QPS (nearest calibrated level)");
    expect(nginx500.noise?.band).toEqual(
      (await services.noise.noiseBand(ws, clusterId)).levels[0]!.bands.p50,
    );
    // the reference row has no delta, so no band
    expect(cell(100, "baseline").noise ?? null).toBeNull();
  });

  it("never judges the A/A run by itself, and leaves runs of other clusters alone", async () => {
    const own = await services.reports.runReport(ws, aaRunId);
    const bands = own.levels.flatMap((l) => l.rows.flatMap((r) => r.stats.map((c) => c.noise)));
    expect(bands.length).toBeGreaterThan(0);
    expect(bands.every((n) => n === undefined)).toBe(true);
    const elsewhere = await createRunRepository(db).create(ws, {
      title: "no cluster",
      source: "import",
    });
    await recordFixtureRun(createRunRepository(db), ws, elsewhere, [
      ...reps("baseline", "baseline", 100, [1, 2, 3]),
      ...reps("nginx", "nginx", 100, [1, 2, 3]),
    ]);
    const report = await services.reports.runReport(ws, elsewhere);
    expect(report.levels[0]!.rows[1]!.stats[0]!.noise).toBeUndefined();
  });

  it("puts the band beside a comparison's deltas when every compared run is on that cluster", async () => {
    const levelKey = (await services.reports.runReport(ws, laterRunId)).levels.find(
      (l) => l.level.requestedQps === 100,
    )!.level.key;
    const compared = await services.reports.comparison(ws, {
      items: [
        { runId: laterRunId, variant: "baseline", levelKey },
        { runId: laterRunId, variant: "same", levelKey },
        { runId: laterRunId, variant: "nginx", levelKey },
      ],
      reference: 0,
    });
    const p50 = (row: number) => compared.table.rows[row]!.stats.find((c) => c.stat === "p50")!;
    expect(p50(1).noise).toMatchObject({ source: "calibrated", call: "noise" });
    expect(p50(1).wording).toMatch(/^within noise \(A\/A noise at 100 QPS\)/);
    expect(p50(2).noise).toMatchObject({ source: "calibrated", call: "real" });

    // A run measured without a cluster in the comparison: no band (whose noise would it be?).
    const elsewhere = await createRunRepository(db).create(ws, {
      title: "uploaded",
      source: "import",
    });
    await recordFixtureRun(
      createRunRepository(db),
      ws,
      elsewhere,
      reps("nginx", "nginx", 100, [1, 2, 3]),
    );
    const mixed = await services.reports.comparison(ws, {
      items: [
        { runId: laterRunId, variant: "baseline", levelKey },
        { runId: elsewhere, variant: "nginx", levelKey },
      ],
      reference: 0,
    });
    expect(mixed.table.rows[1]!.stats.find((c) => c.stat === "p50")!.delta).toBeTruthy();
    expect(mixed.table.rows[1]!.stats.every((c) => c.noise === undefined)).toBe(true);

    // Comparing the A/A run itself: it is not judged by its own band.
    const own = await services.reports.comparison(ws, {
      items: [
        { runId: aaRunId, variant: "a", levelKey },
        { runId: aaRunId, variant: "a-prime", levelKey },
      ],
      reference: 0,
    });
    expect(own.table.rows[1]!.stats.every((c) => c.noise === undefined)).toBe(true);
  });

  it("records a calibration from a given run (the real-node path) and rejects unknown ids", async () => {
    const other = (
      await db.cluster.create({ data: { workspaceId: ws, name: "other", status: "ready" } })
    ).id;
    const measured = await createRunRepository(db).create(ws, {
      title: "A/A measured by a test",
      source: "import",
      clusterId: other,
    });
    await recordFixtureRun(createRunRepository(db), ws, measured, [
      ...reps("a", "baseline", 500, [1, 2, 3]),
      ...reps("a-prime", "baseline", 500, [2, 3, 4]),
    ]);
    const band = await services.noise.recordCalibration(ws, other, measured);
    expect(band).toMatchObject({ status: "ready", runId: measured });
    expect(band.levels.map((l) => l.requestedQps)).toEqual([500]);
    await expect(services.noise.recordCalibration(ws, other, "nosuchrun")).rejects.toMatchObject({
      code: "NOT_FOUND",
      field: "runId",
    });
    await expect(services.noise.noiseBand(ws, "nosuchcluster")).rejects.toMatchObject({
      code: "NOT_FOUND",
      field: "clusterId",
    });
  });
});
