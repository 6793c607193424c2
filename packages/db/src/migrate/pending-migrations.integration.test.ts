import path from "node:path";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { describe, expect, it } from "vitest";
import { createPrismaClient } from "../client";
import { findMigrationsDir, listBundledMigrations, pendingMigrations } from "./pending-migrations";

const repoRoot = path.resolve(import.meta.dirname, "../../../..");

describe("pendingMigrations (readiness: _prisma_migrations vs the bundled folder)", () => {
  const db = useTestDatabase((url) => createPrismaClient(url, { maxConnections: 2 }));
  const dir = findMigrationsDir(import.meta.dirname)!;

  it("finds the repo's migrations folder from any directory below it", async () => {
    expect(dir).toBe(path.join(repoRoot, "prisma/migrations"));
    expect(findMigrationsDir("/")).toBeNull();
    const names = await listBundledMigrations(dir);
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual([...names].sort());
    expect(names[0]).toMatch(/^\d{14}_/);
  });

  it("reports every migration pending without a _prisma_migrations table, none once applied", async () => {
    const names = await listBundledMigrations(dir);
    expect(await pendingMigrations(db(), dir)).toEqual({ pending: names, failed: [] });

    await db().$executeRawUnsafe(`CREATE TABLE _prisma_migrations (
      id varchar(36) PRIMARY KEY, checksum varchar(64) NOT NULL, finished_at timestamptz,
      migration_name varchar(255) NOT NULL, logs text, rolled_back_at timestamptz,
      started_at timestamptz NOT NULL DEFAULT now(), applied_steps_count integer NOT NULL DEFAULT 0)`);
    const insert = (name: string, finished: boolean) =>
      db().$executeRaw`INSERT INTO _prisma_migrations (id, checksum, migration_name, finished_at)
        VALUES (gen_random_uuid()::text, 'x', ${name}, ${finished ? new Date() : null})`;
    for (const name of names.slice(0, -1)) await insert(name, true);
    expect(await pendingMigrations(db(), dir)).toEqual({ pending: names.slice(-1), failed: [] });

    await insert(names.at(-1)!, false);
    expect(await pendingMigrations(db(), dir)).toEqual({
      pending: names.slice(-1),
      failed: names.slice(-1),
    });
    await db()
      .$executeRaw`UPDATE _prisma_migrations SET finished_at = now() WHERE finished_at IS NULL`;
    expect(await pendingMigrations(db(), dir)).toEqual({ pending: [], failed: [] });
  });
});
