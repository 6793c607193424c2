import { trialKey, trialStanding } from "@meshbench/core";
import { createPrismaClient, type Database } from "@meshbench/db";
import { readFixture } from "@meshbench/testing/fixtures";
import { createTestDatabase } from "@meshbench/testing/postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServices } from "../create-services";

/** A trial asked for 400 QPS; Fortio's result (the fixture) achieved 100. */
const coords = (repetition: number) => ({
  variant: "baseline",
  requestedQps: 400,
  connections: 1,
  payloadBytes: 0,
  protocol: "http1" as const,
  keepAlive: true,
  repetition,
});

const generatorSample = (repetition: number, cpuMillicores: number) => ({
  trialKey: trialKey(coords(repetition)),
  variant: "baseline",
  role: "load_generator" as const,
  namespace: "mb-r-baseline",
  pod: "lg-fortio-1",
  container: "fortio",
  cpuMillicores,
  memoryBytes: 20e6,
  sampledAt: new Date(1_700_000_000_000 + repetition * 60_000),
});

describe("load_generator_saturated as the worker's trials record it (real database)", () => {
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

  it("flags the trial whose generator ran at its limit, leaves the other a plain shortfall", async () => {
    const services = createServices(db);
    const ws = (await db.workspace.create({ data: { slug: "lg", name: "LG" } })).id;
    const runId = (
      await db.run.create({
        data: {
          workspaceId: ws,
          title: "t",
          source: "scheduled",
          status: "running",
          trialsTotal: 2,
        },
      })
    ).id;
    const text = readFixture("fortio/baseline-qps100-c1.json");
    const ceiling = { millicores: 100, source: "limit" as const };
    for (const [repetition, cpu] of [
      [1, 96],
      [2, 40],
    ] as const)
      await services.execution.recordTrial(ws, runId, {
        key: trialKey(coords(repetition)),
        coordinates: coords(repetition),
        sequence: repetition,
        text,
        samples: [generatorSample(repetition, cpu)],
        loadGeneratorCeiling: ceiling,
      });

    const run = await services.runs.get(ws, runId);
    const stored = (r: number) => run.trials.find((t) => t.repetition === r)!;
    const codes = (r: number) => stored(r).validityFlags.map((f) => f.code);
    expect(codes(1)).toContain("load_generator_saturated");
    expect(codes(2)).not.toContain("load_generator_saturated");

    const report = await services.reports.runReport(ws, runId);
    const shown = report.flags.flatMap((t) => t.flags.map((f) => `${t.repetition}:${f.code}`));
    expect(shown).toContain("1:load_generator_saturated");
    const message = report.flags
      .find((t) => t.repetition === 1)
      ?.flags.find((f) => f.code === "load_generator_saturated")?.message;
    expect(message).toContain("used 96m of 100m (its CPU limit)");
    // The generator-bound trial is used nowhere; the plain shortfall stays on the load curve.
    expect(trialStanding(stored(1))).toMatchObject({
      exclusion: "load_generator_saturated",
      onLoadCurve: false,
    });
    expect(trialStanding(stored(2))).toMatchObject({ exclusion: "saturated", onLoadCurve: true });
  });

  it("does not blame the generator when the target ran at its own CPU limit too", async () => {
    const services = createServices(db);
    const ws = (await db.workspace.create({ data: { slug: "lg2", name: "LG2" } })).id;
    const runId = (
      await db.run.create({
        data: {
          workspaceId: ws,
          title: "t",
          source: "scheduled",
          status: "running",
          trialsTotal: 2,
        },
      })
    ).id;
    const text = readFixture("fortio/baseline-qps100-c1.json");
    const app = (repetition: number, cpuMillicores: number) => ({
      ...generatorSample(repetition, cpuMillicores),
      role: "app" as const,
      pod: "echo-1",
      container: "echo",
    });
    for (const [repetition, targetCpu] of [
      [1, 480],
      [2, 200],
    ] as const)
      await services.execution.recordTrial(ws, runId, {
        key: trialKey(coords(repetition)),
        coordinates: coords(repetition),
        sequence: repetition,
        text,
        samples: [generatorSample(repetition, 96), app(repetition, targetCpu)],
        loadGeneratorCeiling: { millicores: 100, source: "limit" },
        targetCpuLimitMillicores: 500,
      });
    const run = await services.runs.get(ws, runId);
    const codes = (r: number) =>
      run.trials.find((t) => t.repetition === r)!.validityFlags.map((f) => f.code);
    expect(codes(1)).not.toContain("load_generator_saturated");
    expect(codes(2)).toContain("load_generator_saturated");
  });
});
