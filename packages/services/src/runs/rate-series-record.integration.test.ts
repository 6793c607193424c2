import { trialKey } from "@meshbench/core";
import { createPrismaClient, type Database } from "@meshbench/db";
import { readFixture } from "@meshbench/testing/fixtures";
import { createTestDatabase } from "@meshbench/testing/postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServices } from "../create-services";

/** A real Fortio 1.68.2 run (50 QPS, 2 connections, 3 s, ~10% 503s) and its JSON access log. */
const result = readFixture("fortio/access-log/qps50-c2-err503-result.json");
const accessLog = readFixture("fortio/access-log/qps50-c2-err503-access.jsonl");

const coords = (repetition: number) => ({
  variant: "baseline",
  requestedQps: 50,
  connections: 2,
  payloadBytes: 0,
  protocol: "http1" as const,
  keepAlive: true,
  repetition,
});

describe("a worker trial's access logs (methodology.rateSeries), real database", () => {
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

  it("stores the series when the logs hold the results' requests, else fails the trial", async () => {
    const services = createServices(db);
    const ws = (await db.workspace.create({ data: { slug: "rs", name: "RS" } })).id;
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
    const record = (repetition: number, logs: string[]) =>
      services.execution.recordTrial(ws, runId, {
        key: trialKey(coords(repetition)),
        coordinates: coords(repetition),
        sequence: repetition,
        text: [result, result],
        accessLogs: logs,
        generatorPods: ["lg-fortio-t1-x-0", "lg-fortio-t1-x-1"],
        samples: [],
      });
    expect(await record(1, [accessLog, accessLog])).toBeNull();
    const trimmed = accessLog.split("\n").slice(3).join("\n");
    expect(await record(2, [accessLog, trimmed])).toMatch(
      /^the load generators' access log records \d+ requests but its result \d+: not the same run$/,
    );

    const run = await services.runs.get(ws, runId);
    const ok = run.trials.find((t) => t.repetition === 1)!;
    const view = await services.runs.trialRateSeries(ws, runId, ok.id);
    const s = view.series!;
    expect(s.requests.reduce((a, b) => a + b, 0)).toBe(ok.requestCount);
    expect(s.errors.reduce((a, b) => a + b, 0)).toBe(ok.errorCount);
    expect(ok.errorCount).toBeGreaterThan(0);
    const bad = run.trials.find((t) => t.repetition === 2)!;
    expect(bad.status).toBe("failed");
    expect(bad.failureReason).toMatch(/access log records/);
  });
});
