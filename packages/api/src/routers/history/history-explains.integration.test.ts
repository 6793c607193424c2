import { readFileSync } from "node:fs";
import path from "node:path";
import type { TRole } from "@meshbench/contracts";
import { createPrismaClient } from "@meshbench/db";
import { demoMatrixDir, HISTORY_STEP_RUN, seedDemo, seedHistoryDemo } from "@meshbench/demo";
import { createServices } from "@meshbench/services";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../context";
import { createCaller } from "../../root";

const UPGRADE = "istio 1.26.2 → 1.27.1";
const trials = [1, 2, 3].map((rep) => ({
  result: readFileSync(path.join(demoMatrixDir, `baseline-qps100-c8-rep${rep}.json`), "utf8"),
  variant: "baseline",
  repetition: rep,
}));

describe("a history that explains itself: markers, comparisons over runs, exclusions (real database)", () => {
  const db = useTestDatabase(createPrismaClient);
  let ws: string;
  let key: string;
  let runIds: string[];
  const as = (role: TRole, workspaceId = ws) => {
    const actor: Actor = { userId: null, workspaceId, role, via: "local" };
    return createCaller({ services: createServices(db()), actor });
  };
  const history = () => as("viewer").history.get({ benchmarkKey: key, statistic: "p50" });
  const stepRun = () => runIds[HISTORY_STEP_RUN - 1]!;

  beforeAll(async () => {
    ws = (await seedDemo(db())).workspaceId;
    ({ benchmarkKey: key, runIds } = await seedHistoryDemo(db(), ws));
  });

  it("marks the istio upgrade between the two nights it happened between, and attributes the step to it", async () => {
    const h = await history();
    expect(h.markers).toEqual([
      {
        kind: "mesh",
        runId: stepRun(),
        previousRunId: runIds[HISTORY_STEP_RUN - 2],
        label: UPGRADE,
        fields: [],
      },
    ]);
    expect(h.changePoints).toHaveLength(1);
    expect(h.changePoints![0]).toMatchObject({
      runId: stepRun(),
      coincidesWith: [{ kind: "mesh", label: UPGRADE }],
    });
    expect(h.runs.every((r) => r.seededDemo && r.exclusion === null)).toBe(true);
    expect(h.runs[0]!.meshVersions).toEqual({ istio: "1.26.2" });
    expect(new Set(h.runs.map((r) => r.fingerprintId)).size).toBe(2);
  });

  it("compares the runs on each side of the upgrade, with runs as the unit of the interval", async () => {
    const c = await as("viewer").history.compare({
      benchmarkKey: key,
      statistic: "p50",
      by: "meshVersion",
      name: "istio",
      a: "1.26.2",
      b: "1.27.1",
    });
    expect(c.sides.a.runIds).toEqual(runIds.slice(0, HISTORY_STEP_RUN - 1));
    expect(c.sides.b.runIds).toEqual(runIds.slice(HISTORY_STEP_RUN - 1));
    expect(c.method).toMatch(/resampling runs/);
    const [s] = c.series;
    expect(s!.delta.baselineRepetitions.n).toBe(6);
    expect(s!.delta.relative).toBeGreaterThan(0.1);
    expect(s!.delta.interval!.absolute[0]).toBeGreaterThan(0);
    const byLabel = await as("viewer").history.compare({
      benchmarkKey: key,
      by: "label",
      name: "meshVersion",
      a: "1.26.2",
      b: "1.27.1",
      statistic: "p50",
    });
    expect(byLabel.series).toEqual(c.series);
    await expect(
      as("viewer").history.compare({ benchmarkKey: key, by: "label", name: "x", a: "1", b: "1" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("excludes a run (member+, with a reason, audited): listed but absent from series, markers and change points", async () => {
    await expect(
      as("viewer").history.excludeRun({ runId: stepRun(), reason: "broken cluster" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      as("member").history.excludeRun({ runId: stepRun(), reason: " " }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    const excluded = await as("member").history.excludeRun({
      runId: stepRun(),
      reason: "bad night: node pool was being replaced",
    });
    expect(excluded.reason).toBe("bad night: node pool was being replaced");
    expect(await as("viewer").history.exclusion({ runId: stepRun() })).toMatchObject({
      reason: "bad night: node pool was being replaced",
    });

    const h = await history();
    expect(h.runs.find((r) => r.runId === stepRun())?.exclusion?.reason).toMatch(/bad night/);
    expect(h.series.flatMap((s) => s.points.map((p) => p.runId))).not.toContain(stepRun());
    const touched = (h.changePoints ?? []).flatMap((c) => [c.runId, c.previousRunId]);
    expect(touched).not.toContain(stepRun());
    // The step is now seen from the night after, still attributed to the upgrade.
    expect(h.changePoints).toHaveLength(1);
    expect(h.changePoints![0]).toMatchObject({
      runId: runIds[HISTORY_STEP_RUN],
      coincidesWith: [{ kind: "mesh", label: UPGRADE }],
    });
    expect(h.markers.map((m) => m.runId)).toEqual([runIds[HISTORY_STEP_RUN]]);
    const cmp = await as("viewer").history.compare({
      benchmarkKey: key,
      by: "meshVersion",
      name: "istio",
      a: "1.26.2",
      b: "1.27.1",
    });
    expect(cmp.sides.b.runIds).not.toContain(stepRun());

    const audit = await db().auditEvent.findMany({
      where: { workspaceId: ws, targetId: stepRun() },
    });
    expect(audit.map((a) => [a.action, a.metadata])).toEqual([
      ["run.excluded", { reason: "bad night: node pool was being replaced" }],
    ]);
    // An annotation: the run's measured data is untouched.
    const run = await db().run.findUniqueOrThrow({
      where: { id: stepRun() },
      include: { trials: true },
    });
    expect(run.status).toBe("succeeded");
    expect(run.trials).toHaveLength(3);
  });

  it("never takes an excluded run as a verdict's baseline", async () => {
    await as("admin").verdicts.setBudgets({
      benchmarkKey: key,
      budgets: {
        minRepetitions: 2,
        rules: [
          {
            kind: "regression",
            statistic: "p50",
            reference: { branch: "main" },
            maxIncreasePercent: 25,
          },
        ],
      },
    });
    const latest = runIds.at(-1)!;
    const upload = async () =>
      (await as("member").results.upload({ benchmark: key, git: { branch: "pr" }, trials })).runId;
    const before = await as("viewer").verdicts.get({ runId: await upload() });
    expect(before.reference?.runId).toBe(latest);
    await as("member").history.excludeRun({ runId: latest, reason: "cluster upgrade mid-run" });
    const after = await as("viewer").verdicts.get({ runId: await upload() });
    expect(after.reference?.runId).toBe(runIds.at(-2));
    await as("member").history.includeRun({ runId: latest });
  });

  it("includes it again (audited), and another workspace can neither exclude, include nor read it", async () => {
    const other = (await db().workspace.create({ data: { slug: "other-c3", name: "Other" } })).id;
    await expect(
      as("owner", other).history.excludeRun({ runId: runIds[0]!, reason: "not yours" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(as("owner", other).history.includeRun({ runId: stepRun() })).rejects.toMatchObject(
      {
        code: "NOT_FOUND",
      },
    );
    await expect(as("owner", other).history.exclusion({ runId: stepRun() })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await db().runExclusion.count({ where: { runId: runIds[0]! } })).toBe(0);
    expect(await db().auditEvent.count({ where: { workspaceId: other } })).toBe(0);

    await as("member").history.includeRun({ runId: stepRun() });
    expect(await as("viewer").history.exclusion({ runId: stepRun() })).toBeNull();
    const h = await history();
    expect(h.changePoints?.map((c) => c.runId)).toEqual([stepRun()]);
    const actions = await db().auditEvent.findMany({
      where: { workspaceId: ws, targetId: stepRun() },
      orderBy: { createdAt: "asc" },
    });
    expect(actions.map((a) => a.action)).toEqual(["run.excluded", "run.included"]);
    // Including a run that counts already changes nothing and logs nothing.
    await as("member").history.includeRun({ runId: stepRun() });
    expect(await db().auditEvent.count({ where: { workspaceId: ws, targetId: stepRun() } })).toBe(
      2,
    );
  });
});
