import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startLocalPostgres } from "./embedded-postgres";

// 3,000 failing statements log ~600 KiB of ERROR lines: far more than a pipe holds.
const FAILING_STATEMENTS = `
const pg = require("pg");
const client = new pg.Client({ connectionString: process.argv[1] });
(async () => {
  await client.connect();
  await client.query("CREATE TABLE t (k text PRIMARY KEY)");
  await client.query("INSERT INTO t VALUES ('dup')");
  let failed = 0;
  for (let i = 0; i < 3000; i++)
    await client.query("INSERT INTO t VALUES ('dup')").catch(() => failed++);
  await client.end();
  console.log(failed);
})();
`;

describe("local Postgres", () => {
  it("keeps answering while its starter is blocked in a synchronous call", async () => {
    const server = await startLocalPostgres({ ephemeral: true, fast: true });
    try {
      // spawnSync blocks this process's event loop for the whole run, as a test runner driving
      // a long CLI does. Logging into a pipe to this process would stall the server here.
      const run = spawnSync(process.execPath, ["-e", FAILING_STATEMENTS, server.url], {
        cwd: import.meta.dirname,
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(run.error).toBeUndefined();
      expect(run.stdout.trim()).toBe("3000");
      const logDir = path.join(server.dataDir, "log");
      expect(existsSync(logDir) && readdirSync(logDir).length).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
  }, 90_000);
});
