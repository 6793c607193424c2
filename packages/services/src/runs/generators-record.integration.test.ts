import { ZImportBundleInput } from "@meshbench/contracts";
import { mergeGeneratorResults, runExport, trialKey } from "@meshbench/core";
import { createPrismaClient, type Database } from "@meshbench/db";
import { readFixture } from "@meshbench/testing/fixtures";
import { createTestDatabase } from "@meshbench/testing/postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServices } from "../create-services";
import { readTrialResult } from "../results/record-trial";

/** Asked for 400 QPS over 2 connections, split over two generators; each achieved ~100. */
const coords = {
  variant: "baseline",
  requestedQps: 400,
  connections: 2,
  payloadBytes: 0,
  protocol: "http1" as const,
  keepAlive: true,
  repetition: 1,
};

const cpu = (pod: string, cpuMillicores: number) => ({
  trialKey: trialKey(coords),
  variant: "baseline",
  role: "load_generator" as const,
  namespace: "mb-r-baseline",
  pod,
  container: "fortio",
  cpuMillicores,
  memoryBytes: 20e6,
  sampledAt: new Date(1_700_000_000_000),
});

describe("a trial recorded from two load generators (real database)", () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const test = await createTestDatabase();
    drop = test.drop;
    db = createPrismaClient(test.url);
  });
  afterAll(async () => {
    await db.$disconnect();
    await drop();
  });

  it("stores the exact merge, each generator's numbers and CPU; the run, export and bundle carry them", async () => {
    const services = createServices(db);
    const ws = (await db.workspace.create({ data: { slug: "lgs", name: "LGS" } })).id;
    const runId = (
      await db.run.create({
        data: {
          workspaceId: ws,
          title: "t",
          source: "scheduled",
          status: "running",
          trialsTotal: 1,
        },
      })
    ).id;
    const texts = [
      readFixture("fortio/baseline-qps100-c1.json"),
      readFixture("fortio/proxy-qps100-c1.json"),
    ];
    const failure = await services.execution.recordTrial(ws, runId, {
      key: trialKey(coords),
      coordinates: coords,
      sequence: 1,
      text: texts,
      generatorPods: ["lg-fortio-a", "lg-fortio-b"],
      // The busiest generator at its limit: the trial measured the generators.
      samples: [cpu("lg-fortio-a", 97), cpu("lg-fortio-b", 41)],
      loadGeneratorCeiling: { millicores: 100, source: "limit" },
    });
    expect(failure).toBeNull();

    const expected = mergeGeneratorResults(texts.map((t) => readTrialResult(t, "fortio")));
    const [trial] = (await services.runs.get(ws, runId)).trials;
    expect(trial).toMatchObject({
      requestCount: expected.requestCount,
      histogram: expected.histogram,
    });
    // Through Postgres' doubles: the rate and the mean to the last bit or two, percentiles exact.
    expect(trial!.actualQps).toBeCloseTo(expected.actualQps, 9);
    for (const p of ["p50", "p90", "p99", "p9999", "max"] as const)
      expect(trial!.summary![p], p).toBe(expected.summary[p]);
    expect(trial!.generators!.each.map((g) => [g.pod, g.cpuMillicores, g.requestCount])).toEqual([
      ["lg-fortio-a", 97, readTrialResult(texts[0]!, "fortio").requestCount],
      ["lg-fortio-b", 41, readTrialResult(texts[1]!, "fortio").requestCount],
    ]);
    const window = expected.meta["window"] as { unionSeconds: number; overlapSeconds: number };
    expect(trial!.generators!.window!.overlapSeconds).toBe(window.overlapSeconds);
    expect(trial!.generators!.window!.unionSeconds).toBeCloseTo(window.unionSeconds, 9);
    const flag = trial!.validityFlags.find((f) => f.code === "load_generator_saturated");
    expect(flag?.message).toContain("used 97m of 100m");

    const report = await services.reports.runReport(ws, runId);
    const exported = JSON.parse(runExport(report, "json").body) as {
      trials: { generators?: unknown }[];
    };
    expect(exported.trials[0]!.generators).toEqual(trial!.generators);
    const csv = runExport(report, "csv").body;
    const rows = csv.split("\n# generators\n")[1]!.split("\n\n")[0]!.trim().split("\n");
    expect(rows[0]).toMatch(/^trialKey,generator,pod,requestedQps,connections,actualQps,/);
    expect(rows.slice(1).map((r) => r.split(",").slice(1, 3))).toEqual([
      ["0", "lg-fortio-a"],
      ["1", "lg-fortio-b"],
    ]);

    await services.execution.complete(ws, runId);
    const { body } = await services.bundles.export(ws, runId);
    const other = (await db.workspace.create({ data: { slug: "lgs2", name: "LGS2" } })).id;
    const { runId: imported } = await services.bundles.import(
      other,
      ZImportBundleInput.parse({ bundle: JSON.parse(body) as unknown }),
    );
    const [copy] = (await services.runs.get(other, imported)).trials;
    expect(copy!.generators).toEqual(trial!.generators);
  });

  it("one generator's trial has no per-generator part", async () => {
    const services = createServices(db);
    const ws = (await db.workspace.create({ data: { slug: "lg1", name: "LG1" } })).id;
    const runId = (
      await db.run.create({
        data: {
          workspaceId: ws,
          title: "t",
          source: "scheduled",
          status: "running",
          trialsTotal: 1,
        },
      })
    ).id;
    await services.execution.recordTrial(ws, runId, {
      key: trialKey(coords),
      coordinates: coords,
      sequence: 1,
      text: readFixture("fortio/baseline-qps100-c1.json"),
      generatorPods: ["lg-fortio-a"],
      samples: [cpu("lg-fortio-a", 97)],
      loadGeneratorCeiling: { millicores: 100, source: "limit" },
    });
    const [trial] = (await services.runs.get(ws, runId)).trials;
    expect(trial!.generators).toBeUndefined();
    const report = await services.reports.runReport(ws, runId);
    expect(runExport(report, "csv").body).not.toContain("# generators");
    expect(trial!.validityFlags.map((f) => f.code)).toContain("load_generator_saturated");
  });
});
