import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { adminDatabaseUrl, dropDatabase } from "@meshbench/testing/postgres";
import { createDatabase } from "@meshbench/local-postgres";

const run = promisify(execFile);
const packageDir = path.resolve(import.meta.dirname, "../..");
const prismaBin = path.join(packageDir, "node_modules/.bin/prisma");

describe("prisma migrate deploy (WASM engine through the migration adapter)", () => {
  const name = `mb_cli_${Date.now()}`;
  afterAll(() => dropDatabase(adminDatabaseUrl(), name));

  it("applies every committed migration to an empty database and reports it up to date", async () => {
    const url = await createDatabase(adminDatabaseUrl(), name);
    const env = { ...process.env, DATABASE_URL: url, CHECKPOINT_DISABLE: "1" };
    await run(prismaBin, ["migrate", "deploy"], { cwd: packageDir, env });
    const status = await run(prismaBin, ["migrate", "status"], { cwd: packageDir, env });
    expect(status.stdout).toContain("Database schema is up to date");

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const tables = await client.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
    );
    const applied = await client.query(
      "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL",
    );
    await client.end();
    expect(tables.rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining([
        "Workspace",
        "Run",
        "Trial",
        "ResourceSample",
        "Cluster",
        "Benchmark",
        "ApiToken",
      ]),
    );
    expect(applied.rowCount).toBeGreaterThan(0);
  });
});
