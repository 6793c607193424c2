import { createPrismaClient } from "@meshbench/db";
import { readFixture } from "@meshbench/testing/fixtures";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../context";
import { createCaller } from "../../root";
import { createServices } from "@meshbench/services";

/** A real Fortio 1.68.2 run (50 QPS, 2 connections, 3 s, ~10% 503s) and its JSON access log. */
const result = readFixture("fortio/access-log/qps50-c2-err503-result.json");
const accessLog = readFixture("fortio/access-log/qps50-c2-err503-access.jsonl");

describe("a trial's throughput over time (real database)", () => {
  const db = useTestDatabase(createPrismaClient);
  const ws: Record<"a" | "b", string> = { a: "", b: "" };
  const actor = (workspaceId: string): Actor => ({
    userId: null,
    workspaceId,
    role: "admin",
    via: "token",
    tokenId: null,
    scopes: ["read", "results:write", "benchmarks:write"],
  });
  const as = (who: "a" | "b") =>
    createCaller({ services: createServices(db()), actor: actor(ws[who]) });
  beforeAll(async () => {
    for (const w of ["a", "b"] as const)
      ws[w] = (await db().workspace.create({ data: { slug: `rate-${w}`, name: w } })).id;
  });

  it("stores the access log's per-second counts, loaded per trial and carried in the bundle", async () => {
    const { runId } = await as("a").results.upload({
      benchmark: "rate",
      trials: [
        { result, accessLog },
        { result: JSON.parse(result) as Record<string, unknown>, repetition: 2 },
      ],
    });
    const run = await as("a").runs.get({ runId });
    const withLog = run.trials.find((t) => t.repetition === 1)!;
    // The report the page reads lists trial rows: no series inlined.
    const report = await as("a").reports.run({ runId });
    expect(report.trials.length).toBe(2);
    for (const t of report.trials) expect(t).not.toHaveProperty("rateSeries");

    const view = await as("a").runs.trialRateSeries({ runId, trialId: withLog.id });
    const s = view.series!;
    expect(s.intervalSeconds).toBe(1);
    // Every request of the exact histogram, errors as the result's 503s.
    expect(s.requests.reduce((a, b) => a + b, 0)).toBe(withLog.requestCount);
    expect(s.errors.reduce((a, b) => a + b, 0)).toBe(withLog.errorCount);
    expect(s.requests.length).toBeGreaterThanOrEqual(3);
    expect(view.meanQps).toBeGreaterThan(45);
    expect(view.meanQps).toBeLessThan(55);

    const other = run.trials.find((t) => t.repetition === 2)!;
    expect((await as("a").runs.trialRateSeries({ runId, trialId: other.id })).series).toBeNull();

    // The run record, the bundle and the JSON export carry it.
    expect(withLog.rateSeries).toEqual(s);
    const bundle = JSON.parse((await as("a").reports.exportBundle({ runId })).body) as {
      trials: { repetition: number; rateSeries?: unknown }[];
    };
    expect(bundle.trials.find((t) => t.repetition === 1)?.rateSeries).toEqual(s);
    // Imported elsewhere, the run reads the same series.
    const imported = await as("b").bundles.import({ bundle: bundle as never });
    const copy = (await as("b").runs.get({ runId: imported.runId })).trials;
    expect(copy.find((t) => t.repetition === 1)?.rateSeries).toEqual(s);
    const json = JSON.parse((await as("a").reports.exportRun({ runId, format: "json" })).body) as {
      rateSeries: Record<string, unknown>;
    };
    expect(json.rateSeries[withLog.key]).toEqual(s);
    expect(Object.keys(json.rateSeries)).toHaveLength(1);
  });

  it("refuses an access log of another run, naming the field and writing nothing", async () => {
    const trimmed = accessLog.split("\n").slice(10).join("\n");
    const before = await db().run.count({ where: { workspaceId: ws.a } });
    const error = await as("a")
      .results.upload({ benchmark: "rate", trials: [{ result, accessLog: trimmed }] })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "BAD_REQUEST", cause: { field: "trials[0].accessLog" } });
    expect(await db().run.count({ where: { workspaceId: ws.a } })).toBe(before);
  });

  it("is not found from another workspace", async () => {
    const { runId } = await as("a").results.upload({
      benchmark: "rate",
      trials: [{ result, accessLog }],
    });
    const trialId = (await as("a").runs.get({ runId })).trials[0]!.id;
    await expect(as("b").runs.trialRateSeries({ runId, trialId })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
