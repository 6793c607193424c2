import { percentileFromHistogram, trialKey } from "@meshbench/core";
import { importFortioJson, importLocustCsv } from "@meshbench/formats";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { readFixture } from "@meshbench/testing/fixtures";
import { describe, expect, it } from "vitest";
import { createPrismaClient } from "../client";
import { createRunRepository } from "./run-repository";
import { createWorkspaceRepository } from "./workspace-repository";

describe("run repository on real Postgres", () => {
  const db = useTestDatabase(createPrismaClient);

  it("round-trips a trial with its exact histogram", async () => {
    const ws = await createWorkspaceRepository(db()).ensure("acme", "Acme");
    const runs = createRunRepository(db());
    const runId = await runs.create(ws.id, { title: "round trip", source: "import" });
    const result = importFortioJson(readFixture("fortio/matrix/nginx-qps500-c8-rep1.json"));
    const coordinates = {
      variant: "nginx",
      requestedQps: 500,
      connections: 8,
      payloadBytes: 0,
      protocol: "http1" as const,
      keepAlive: true,
      repetition: 1,
    };
    const first = await runs.recordCompletedTrial(ws.id, runId, {
      key: trialKey(coordinates),
      coordinates,
      sequence: 1,
      result,
      validityFlags: [],
    });
    const again = await runs.recordCompletedTrial(ws.id, runId, {
      key: trialKey(coordinates),
      coordinates,
      sequence: 1,
      result,
      validityFlags: [],
    });
    expect(again).toBe(first);

    const run = await runs.get(ws.id, runId);
    expect(run?.trials).toHaveLength(1);
    const trial = run!.trials[0]!;
    expect(trial.histogram).toEqual(result.histogram);
    // jsonb keeps ~15-16 significant digits of a float64: equal to 1e-12 relative, not bit-exact
    // (the histogram, stored in binary, is bit-exact; the summary is derived from it).
    for (const [stat, value] of Object.entries(result.summary)) {
      const stored = trial.summary?.[stat as keyof typeof result.summary];
      if (value === null) expect(stored).toBeNull();
      else expect(Math.abs((stored ?? NaN) - value)).toBeLessThanOrEqual(Math.abs(value) * 1e-12);
    }
    expect(trial.requestCount).toBe(result.requestCount);

    // Without histograms: the same run, its trials as rows (no histogram field, none decoded, and
    // no throughput series: that is read on demand).
    const rows = await runs.get(ws.id, runId, { histograms: false });
    const { histogram: _histogram, rateSeries: _rateSeries, ...row } = trial;
    expect(rows?.trials).toEqual([row]);
    expect("histogram" in rows!.trials[0]!).toBe(false);
    expect({ ...rows, trials: [] }).toEqual({ ...run, trials: [] });
  });

  it("reads summaries stored before p99.99 existed: from the histogram when kept, else null", async () => {
    const ws = await createWorkspaceRepository(db()).ensure("old-summaries", "Old");
    const runs = createRunRepository(db());
    const runId = await runs.create(ws.id, { title: "before p99.99", source: "import" });
    const fortio = importFortioJson(readFixture("fortio/matrix/nginx-qps500-c8-rep1.json"));
    const locust = importLocustCsv(readFixture("locust/locust-fortio-echo-u20_stats.csv"));
    const coordinates = (repetition: number) => ({
      variant: "nginx",
      requestedQps: 500,
      connections: 8,
      payloadBytes: 0,
      protocol: "http1" as const,
      keepAlive: true,
      repetition,
    });
    for (const [i, result] of [fortio, locust].entries()) {
      await runs.recordCompletedTrial(ws.id, runId, {
        key: trialKey(coordinates(i + 1)),
        coordinates: coordinates(i + 1),
        sequence: i + 1,
        result,
        validityFlags: [],
      });
    }
    // Rewrite both stored summaries as they were before p9999 was added.
    for (const row of await db().trial.findMany({ where: { runId } })) {
      const { p9999: _dropped, ...old } = row.summary as Record<string, number | null>;
      await db().trial.update({ where: { id: row.id }, data: { summary: old } });
    }
    const trials = (await runs.get(ws.id, runId))!.trials;
    const byRepetition = (r: number) => trials.find((t) => t.repetition === r)!;
    const [fromHistogram, summaryOnly] = [byRepetition(1), byRepetition(2)];
    expect(fromHistogram.summary!.p9999).toBe(percentileFromHistogram(fortio.histogram!, 99.99));
    expect(summaryOnly.histogram).toBeNull();
    expect(summaryOnly.summary!.p9999).toBeNull();
    expect(summaryOnly.summary!.p999).toBeCloseTo(0.072, 12);
    // The read without histograms still fills the old summary's p99.99 in the same way.
    const rows = (await runs.get(ws.id, runId, { histograms: false }))!.trials;
    expect(rows.map((t) => t.summary)).toEqual([fromHistogram.summary, summaryOnly.summary]);
  });

  it("never returns another workspace's run", async () => {
    const runs = createRunRepository(db());
    const a = await createWorkspaceRepository(db()).ensure("team-a", "A");
    const b = await createWorkspaceRepository(db()).ensure("team-b", "B");
    const runId = await runs.create(a.id, { title: "private", source: "import" });
    expect(await runs.get(b.id, runId)).toBeNull();
    expect((await runs.list(b.id, { limit: 10 })).items.map((r) => r.id)).not.toContain(runId);
    expect((await runs.list(a.id, { limit: 10 })).items.map((r) => r.id)).toContain(runId);
  });
});
