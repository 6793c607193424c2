import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { Database } from "../client";

/**
 * The migrations folder shipped with a build: `prisma/migrations` in `startDir` or the nearest
 * parent (repo checkout, Next standalone output and the container images share that layout).
 */
export function findMigrationsDir(startDir: string): string | null {
  for (let dir = path.resolve(startDir); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "prisma", "migrations");
    if (existsSync(path.join(candidate, "migration_lock.toml"))) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}

/** Names of the migrations in a folder (one sub-folder with a migration.sql each), sorted. */
export async function listBundledMigrations(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory() && existsSync(path.join(dir, e.name, "migration.sql")))
    .map((e) => e.name)
    .sort();
}

/**
 * Bundled migrations the database has not applied (or whose last attempt failed):
 * readiness stays false until `prisma migrate deploy` has run them all.
 */
export async function pendingMigrations(db: Database, dir: string) {
  const bundled = await listBundledMigrations(dir);
  const [table] = await db.$queryRaw<{ exists: boolean }[]>`
    SELECT to_regclass('_prisma_migrations') IS NOT NULL AS "exists"`;
  if (!table?.exists) return { pending: bundled, failed: [] as string[] };
  const rows = await db.$queryRaw<{ name: string; finished: boolean; rolledBack: boolean }[]>`
    SELECT migration_name AS "name", finished_at IS NOT NULL AS "finished",
           rolled_back_at IS NOT NULL AS "rolledBack"
    FROM _prisma_migrations`;
  const applied = new Set(rows.filter((r) => r.finished && !r.rolledBack).map((r) => r.name));
  const failed = rows.filter((r) => !r.finished && !r.rolledBack).map((r) => r.name);
  return { pending: bundled.filter((m) => !applied.has(m)), failed };
}
