import { ZRetentionPolicy } from "@meshbench/contracts";
import { createPrismaClient } from "@meshbench/db";
import { readFixture } from "@meshbench/testing/fixtures";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { beforeAll, describe, expect, it } from "vitest";
import { createServices, type Services } from "../create-services";

const DAY = 86_400_000;
const fortio = (file: string, rep: number) =>
  readFixture(`fortio/matrix/${file}-qps1000-c8-rep${rep}.json`);

/** A CI upload of 2 variants × 3 repetitions (real Fortio results with their histograms). */
async function upload(services: Services, ws: string, nginxForBaseline: boolean) {
  const trials = ["baseline", "sidecar"].flatMap((variant) =>
    [1, 2, 3].map((rep) => ({
      format: "fortio" as const,
      result: fortio(variant === "sidecar" || nginxForBaseline ? "nginx" : "baseline", rep),
      variant,
      repetition: rep,
    })),
  );
  const { runId } = await services.results.upload(ws, {
    benchmark: "retained",
    variant: "baseline",
    labels: {},
    git: {},
    trials,
  });
  return runId;
}

describe("retention: old runs lose histograms and samples, keep what they show (real database)", () => {
  const db = useTestDatabase(createPrismaClient);
  let services: Services;
  let ws: string;
  let other: string;
  let oldRun: string;
  let newRun: string;
  let otherRun: string;

  beforeAll(async () => {
    services = createServices(db());
    ws = (await db().workspace.create({ data: { slug: "retention", name: "R" } })).id;
    other = (await db().workspace.create({ data: { slug: "no-policy", name: "N" } })).id;
    oldRun = await upload(services, ws, false);
    newRun = await upload(services, ws, true);
    otherRun = await upload(services, other, false);
    // The first run and the other workspace's run are 40 days old, with a resource sample each.
    for (const id of [oldRun, otherRun]) {
      await db().run.update({
        where: { id },
        data: { createdAt: new Date(Date.now() - 40 * DAY) },
      });
      await db().resourceSample.create({
        data: {
          runId: id,
          variant: "sidecar",
          role: "proxy",
          namespace: "ns",
          pod: "p",
          cpuMillicores: 12,
          memoryBytes: 3e7,
          sampledAt: new Date(),
        },
      });
    }
  });

  it("refuses a policy outside 1–3650 whole days (the procedures' schema), keeps null as 'everything'", async () => {
    for (const bad of [0, -1, 3651, 1.5, "30"])
      expect(ZRetentionPolicy.safeParse({ retentionDays: bad }).success).toBe(false);
    expect(await services.retention.get(ws)).toEqual({ retentionDays: null });
    expect(await services.retention.pruneDue()).toEqual([]);
    await services.retention.set(ws, { retentionDays: 30 }, { actorUserId: null });
    expect(await services.retention.get(ws)).toEqual({ retentionDays: 30 });
  });

  it("prunes only runs older than the policy, in workspaces that have one, and keeps their history, percentiles and report", async () => {
    const historyBefore = await services.history.get(ws, {
      benchmarkKey: "retained",
      statistic: "p99",
      limit: 30,
    });
    const summariesBefore = await db().trial.findMany({
      where: { runId: oldRun },
      orderBy: { sequence: "asc" },
      select: { summary: true },
    });

    expect(await services.retention.pruneDue()).toEqual([{ workspaceId: ws, pruned: 1 }]);

    const old = await db().run.findUniqueOrThrow({ where: { id: oldRun } });
    expect(old.histogramsPrunedAt).toBeInstanceOf(Date);
    expect(old.cellSummaries).not.toBeNull();
    const trials = await db().trial.findMany({
      where: { runId: oldRun },
      orderBy: { sequence: "asc" },
    });
    expect(trials.every((t) => t.histogram === null && t.summaryOnly)).toBe(true);
    expect(trials.map((t) => ({ summary: t.summary }))).toEqual(summariesBefore);
    expect(await db().resourceSample.count({ where: { runId: oldRun } })).toBe(0);
    // The recent run and the other workspace (no policy) are untouched.
    const recent = await db().trial.findMany({ where: { runId: newRun } });
    expect(recent.every((t) => t.histogram !== null)).toBe(true);
    expect(await db().resourceSample.count({ where: { runId: otherRun } })).toBe(1);
    expect(
      (await db().run.findUniqueOrThrow({ where: { id: otherRun } })).histogramsPrunedAt,
    ).toBeNull();

    // History reads the stored cells: the pruned run's points are the ones pooled from its histograms.
    const historyAfter = await services.history.get(ws, {
      benchmarkKey: "retained",
      statistic: "p99",
      limit: 30,
    });
    // (Equal to the 12th digit: a value stored as jsonb may come back one ulp apart.)
    const rounded = (h: typeof historyBefore) =>
      h.series.map((s) => ({
        ...s,
        points: s.points.map((p) => ({ ...p, valueMs: Number(p.valueMs.toPrecision(12)) })),
      }));
    expect(rounded(historyAfter)).toEqual(rounded(historyBefore));
    expect(historyAfter.series.flatMap((s) => s.points.map((p) => p.runId))).toContain(oldRun);

    // The run page still has its percentiles (from the stored summaries) and says when it was pruned.
    const report = await services.reports.runReport(ws, oldRun);
    expect(JSON.stringify(report)).toContain("p99");
    const detail = await services.runs.get(ws, oldRun);
    expect(detail.histogramsPrunedAt).toEqual(old.histogramsPrunedAt);

    // A second pass has nothing left to do.
    expect(await services.retention.pruneDue()).toEqual([{ workspaceId: ws, pruned: 0 }]);
  });
});
