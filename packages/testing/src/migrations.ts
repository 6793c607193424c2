import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

export const migrationsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../prisma/migrations",
);

/**
 * Applies the committed migration SQL in order. Tests use this for speed; the Prisma CLI path
 * (`migrate deploy`) is exercised by its own integration test in packages/db.
 */
export async function applyMigrations(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const dirs = readdirSync(migrationsDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    for (const dir of dirs) {
      await client.query(readFileSync(path.join(migrationsDir, dir, "migration.sql"), "utf8"));
    }
  } finally {
    await client.end();
  }
}
