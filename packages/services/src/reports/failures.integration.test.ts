import { trialKey } from "@meshbench/core";
import { createPrismaClient, createRunRepository, type Database } from "@meshbench/db";
import { readFixture } from "@meshbench/testing/fixtures";
import { createTestDatabase } from "@meshbench/testing/postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServices } from "../create-services";

const coords = (repetition: number, variant = "baseline") => ({
  variant,
  requestedQps: 100,
  connections: 1,
  payloadBytes: 0,
  protocol: "http1" as const,
  keepAlive: true,
  repetition,
});

describe("a run with failed trials, as the report states it (real database)", () => {
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

  it("counts failures, names each reason and the cells short of repetitions", async () => {
    const services = createServices(db);
    const ws = (await db.workspace.create({ data: { slug: "f", name: "F" } })).id;
    const runId = (
      await db.run.create({
        data: {
          workspaceId: ws,
          title: "t",
          source: "scheduled",
          status: "running",
          trialsTotal: 3,
        },
      })
    ).id;
    const text = readFixture("fortio/baseline-qps100-c1.json");
    await services.execution.recordTrial(ws, runId, {
      key: trialKey(coords(1)),
      coordinates: coords(1),
      sequence: 0,
      text,
      samples: [],
    });
    const unreadable = await services.execution.recordTrial(ws, runId, {
      key: trialKey(coords(2)),
      coordinates: coords(2),
      sequence: 1,
      text: '{"ts":1,"level":"info"}\nnot json',
      samples: [],
    });
    expect(unreadable).toMatch(/^unreadable Fortio result/);
    await services.execution.markFailed(
      ws,
      runId,
      { key: trialKey(coords(3)), coordinates: coords(3), sequence: 2 },
      "no result after 90 s",
    );
    await createRunRepository(db).refreshProgress(ws, runId);
    await services.execution.complete(ws, runId);

    const report = await services.reports.runReport(ws, runId);
    expect(report.failures.count).toBe(2);
    expect(report.failures.reasons.map((r) => [r.reason.split(":")[0], r.count])).toEqual([
      ["unreadable Fortio result", 1],
      ["no result after 90 s", 1],
    ]);
    expect(
      report.failures.incompleteCells.map(({ variant, planned, succeeded }) => ({
        variant,
        planned,
        succeeded,
      })),
    ).toEqual([{ variant: "baseline", planned: 3, succeeded: 1 }]);
    expect(report.run.trialsFailed).toBe(2);
  });
});
