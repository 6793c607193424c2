import { createPrismaClient, type Database } from "@meshbench/db";
import { createTestDatabase } from "@meshbench/testing/postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOps, type Ops } from "./start-ops";

describe("the worker's ops server (/healthz, /readyz, /metrics)", () => {
  let db: Database;
  let drop: () => Promise<void>;
  let ops: Ops;
  const get = (path: string) => fetch(`http://127.0.0.1:${ops.port}${path}`);

  beforeAll(async () => {
    const t = await createTestDatabase();
    drop = t.drop;
    db = createPrismaClient(t.url, { maxConnections: 2 });
    ops = await startOps(db, { host: "127.0.0.1", port: 0, logLevel: "silent" });
  });
  afterAll(async () => {
    await ops.close();
    await db.$disconnect();
    await drop();
  });

  it("is live at once, ready only once started with every migration applied, not ready when stopping", async () => {
    expect((await get("/healthz")).status).toBe(200);
    let ready = await get("/readyz");
    expect(ready.status).toBe(503);
    // test databases are migrated from SQL without Prisma's bookkeeping table: all pending
    const body = (await ready.json()) as {
      checks: Record<string, { ok: boolean; detail?: string }>;
    };
    expect(body.checks.database).toEqual({ ok: true });
    expect(body.checks.process).toEqual({ ok: false, detail: "starting" });
    expect(body.checks.migrations!.detail).toMatch(/^pending: \d{14}_init/);

    await db.$executeRawUnsafe(
      `CREATE TABLE _prisma_migrations (migration_name text, finished_at timestamptz, rolled_back_at timestamptz)`,
    );
    await db.$executeRawUnsafe(
      `INSERT INTO _prisma_migrations SELECT unnest($1::text[]), now(), NULL`,
      (body.checks.migrations!.detail ?? "").replace("pending: ", "").split(", "),
    );
    ops.markStarted();
    ready = await get("/readyz");
    expect(ready.status).toBe(200);
    ops.markShuttingDown();
    expect((await get("/readyz")).status).toBe(503);
    expect((await get("/healthz")).status).toBe(200);
  });

  it("serves Prometheus text with the shared metric names", async () => {
    await db.workspace.create({ data: { slug: "m", name: "M" } });
    const res = await get("/metrics");
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    for (const name of [
      "meshbench_runs_in_flight",
      "meshbench_queue_depth",
      "meshbench_trials_completed_total",
      "meshbench_trials_failed_total",
      "meshbench_database_up",
    ])
      expect(text).toMatch(new RegExp(`^${name}\\{component="worker"\\} \\d+$`, "m"));
    expect((await get("/nope")).status).toBe(404);
  });
});
