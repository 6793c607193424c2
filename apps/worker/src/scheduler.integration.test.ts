/**
 * Schedules on a real database: a due time fires exactly once with two worker processes racing
 * (each with its own connections and pg-boss), a due time whose previous run is still active is
 * skipped and recorded, a disabled schedule never fires, and catch-up fires only the latest.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { ZBenchmarkDefinition } from "@meshbench/contracts";
import { createPrismaClient, RUN_QUEUE, type Database } from "@meshbench/db";
import { createServices, SCHEDULE_LABEL, type Services } from "@meshbench/services";
import { startScheduler } from "./scheduler";
import { createTestDatabase } from "@meshbench/testing/postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** Resolves once `ready()` holds (polled every 50 ms). */
async function until(ready: () => boolean) {
  while (!ready()) await new Promise((r) => setTimeout(r, 50));
}
const child = fileURLToPath(new URL("./test-support/scheduler-process.ts", import.meta.url));
const workerDir = fileURLToPath(new URL("..", import.meta.url));

describe("the scheduler tick on a real database", () => {
  let db: Database;
  let url: string;
  let drop: () => Promise<void>;
  let services: Services;
  const enqueued: string[] = [];
  let workspaceId: string;
  let benchmarkId: string;
  let clusterId: string;

  const newSchedule = async (cron: string, lastDueAt: string, enabled = true) => {
    const s = await services.schedules.create(
      workspaceId,
      {
        benchmarkId,
        clusterId,
        cron,
        timezone: "UTC",
        enabled,
      },
      { actorUserId: null },
    );
    await db.schedule.update({ where: { id: s.id }, data: { lastDueAt: new Date(lastDueAt) } });
    return s.id;
  };
  const firings = (scheduleId: string) =>
    db.scheduleFiring.findMany({ where: { scheduleId }, orderBy: { dueAt: "asc" } });

  beforeAll(async () => {
    const test = await createTestDatabase();
    ({ url, drop } = test);
    db = createPrismaClient(url);
    services = createServices(db, {
      runQueue: { enqueue: (job) => Promise.resolve(enqueued.push(job.runId)) },
    });
    workspaceId = (await db.workspace.create({ data: { slug: "sched", name: "sched" } })).id;
    clusterId = (
      await db.cluster.create({
        data: {
          workspaceId,
          name: "lab",
          status: "ready",
          detectedMeshes: {
            istio: { istiod: { found: true, version: "1.31.0", namespace: null, name: null } },
          },
        },
      })
    ).id;
    benchmarkId = (
      await services.benchmarks.create(
        workspaceId,
        ZBenchmarkDefinition.parse({
          key: "nightly",
          name: "Nightly",
          target: { kind: "fortio-echo" },
          variants: [{ name: "baseline", mesh: "baseline" }],
          loadMatrix: { qps: [10], connections: [1] },
        }),
      )
    ).id;
  });
  afterAll(async () => {
    await db.$disconnect();
    await drop();
  });

  it("fires each due time exactly once with two worker processes on one database", async () => {
    // Many schedules due at once, so the two processes' ticks overlap on the same due times.
    const ids = [];
    for (let i = 0; i < 12; i++) ids.push(await newSchedule("*/5 * * * *", "2026-05-01T10:00:00Z"));
    const children = [0, 1].map(() =>
      spawn(process.execPath, ["--import", "tsx", child, url, "2026-05-01T10:05:10Z", "2500"], {
        cwd: workerDir,
        stdio: ["pipe", "pipe", "inherit"],
      }),
    );
    const outputs = children.map((c) => {
      let text = "";
      c.stdout.on("data", (d: Buffer) => (text += d.toString()));
      return {
        ready: until(() => text.startsWith("ready\n")),
        done: new Promise<string[]>((resolve, reject) => {
          c.on("error", reject);
          c.on("exit", (code) =>
            code === 0
              ? resolve(JSON.parse(text.trim().split("\n").at(-1)!) as string[])
              : reject(new Error(`scheduler process exited with ${code}`)),
          );
        }),
      };
    });
    await Promise.all(outputs.map((o) => o.ready));
    for (const c of children) c.stdin.write("go\n");
    const logs = await Promise.all(outputs.map((o) => o.done));

    // Both processes fired some (they really ran side by side); together each due time once.
    const firedBy = logs.map((l) => l.filter((m) => / fired/.test(m)).length);
    expect(
      firedBy.every((n) => n > 0),
      `fired per process: ${firedBy.join(", ")}`,
    ).toBe(true);
    expect(firedBy[0]! + firedBy[1]!).toBe(ids.length);
    const rows = await db.scheduleFiring.findMany({ where: { scheduleId: { in: ids } } });
    expect(rows).toHaveLength(ids.length);
    for (const row of rows) {
      expect(row.dueAt.toISOString()).toBe("2026-05-01T10:05:00.000Z");
      expect(row.outcome).toBe("fired");
    }
    const runs = await db.run.findMany({ where: { scheduleId: { in: ids } } });
    expect(runs).toHaveLength(ids.length);
    const scheduleId = ids[0]!;
    const runOf = runs.find((r) => r.scheduleId === scheduleId)!;
    expect(rows.find((f) => f.scheduleId === scheduleId)!.runId).toBe(runOf.id);
    // Started through the Run button's path: queued, with its labels, its job in pg-boss.
    const detail = await services.runs.get(workspaceId, runOf.id);
    expect(detail.status).toBe("queued");
    expect(detail.trigger).toEqual({ kind: "schedule", scheduleId });
    expect(detail.labels).toEqual({ [SCHEDULE_LABEL]: scheduleId, "mesh.istio": "1.31.0" });
    const jobs = await db.$queryRawUnsafe<{ n: bigint }[]>(
      `SELECT count(*) AS n FROM pgboss.job WHERE name = $1 AND data->>'runId' = ANY($2)`,
      RUN_QUEUE,
      runs.map((r) => r.id),
    );
    expect(Number(jobs[0]!.n)).toBe(ids.length);
  }, 150_000);

  it("skips a due time while the schedule's previous run is active, and records it", async () => {
    const scheduleId = await newSchedule("0 * * * *", "2026-05-01T10:00:00Z");
    const first = (await services.scheduleFiring.tick(new Date("2026-05-01T11:00:30Z"))).find(
      (f) => f.scheduleId === scheduleId,
    );
    expect(first).toMatchObject({ scheduleId, outcome: "fired" });
    const skipped = await services.scheduleFiring.tick(new Date("2026-05-01T12:00:30Z"));
    expect(skipped.filter((f) => f.scheduleId === scheduleId)).toEqual([
      {
        scheduleId,
        dueAt: new Date("2026-05-01T12:00:00Z"),
        outcome: "skipped_overlap",
        runId: null,
      },
    ]);
    expect(await db.run.count({ where: { scheduleId } })).toBe(1);
    const [schedule] = (await services.schedules.list(workspaceId, { benchmarkId })).filter(
      (s) => s.id === scheduleId,
    );
    expect(schedule!.firings[0]).toMatchObject({ outcome: "skipped_overlap" });
    expect(schedule!.firings[0]!.message).toContain(
      `previous run ${first!.runId} of this schedule is still queued`,
    );
    // Once that run ended, the next due time fires again.
    await db.run.update({ where: { id: first!.runId! }, data: { status: "succeeded" } });
    const next = await services.scheduleFiring.tick(new Date("2026-05-01T13:00:30Z"));
    expect(next.find((f) => f.scheduleId === scheduleId)?.outcome).toBe("fired");
  });

  it("never fires a disabled schedule, and does not catch up when it is enabled again", async () => {
    const scheduleId = await newSchedule("*/10 * * * *", "2026-05-01T10:00:00Z", false);
    await services.scheduleFiring.tick(new Date("2026-05-01T11:00:00Z"));
    expect(await firings(scheduleId)).toEqual([]);
    await services.schedules.update(
      workspaceId,
      { scheduleId, enabled: true },
      { actorUserId: null },
      new Date("2026-05-01T11:01:00Z"),
    );
    expect(
      (await services.scheduleFiring.tick(new Date("2026-05-01T11:05:00Z"))).filter(
        (f) => f.scheduleId === scheduleId,
      ),
    ).toEqual([]);
    const fired = await services.scheduleFiring.tick(new Date("2026-05-01T11:10:01Z"));
    expect(fired.find((f) => f.scheduleId === scheduleId)?.dueAt).toEqual(
      new Date("2026-05-01T11:10:00Z"),
    );
  });

  it("catches up with only the latest missed due time, and says how many were missed", async () => {
    const scheduleId = await newSchedule("*/5 * * * *", "2026-05-02T10:00:00Z");
    await services.scheduleFiring.tick(new Date("2026-05-02T10:31:00Z"));
    const rows = await firings(scheduleId);
    expect(rows.map((f) => f.dueAt.toISOString())).toEqual(["2026-05-02T10:30:00.000Z"]);
    expect(rows[0]!.message).toMatch(/^5 earlier due time\(s\) were missed/);
  });

  it("the tick hands a run that waited for its cluster back to the queue once the cluster is free", async () => {
    const other = await db.cluster.create({ data: { workspaceId, name: "busy", status: "ready" } });
    const start = () =>
      services.scheduling.start(workspaceId, {
        benchmarkId,
        clusterId: other.id,
        git: {},
        labels: {},
      });
    const first = (await start()).runId;
    const second = (await start()).runId;
    await db.run.update({ where: { id: first }, data: { status: "running" } });
    await db.run.update({ where: { id: second }, data: { waitingForRunId: first } });
    const handed: string[] = [];
    const scheduler = startScheduler({
      services,
      queue: { enqueue: (job) => Promise.resolve(handed.push(job.runId)) },
      log: () => undefined,
      everyMs: 60_000,
      now: () => new Date("2026-05-03T00:00:00Z"),
    });
    await scheduler.nudge();
    expect(handed).not.toContain(second);
    await db.run.update({ where: { id: first }, data: { status: "succeeded" } });
    await scheduler.nudge();
    await scheduler.stop();
    expect(handed.filter((id) => id === second)).toHaveLength(1);
  });
});
