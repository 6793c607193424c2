/** Prints the SQL one upload sends (diagnostic). */
import { createServices } from "@meshbench/api";
import { createPrismaClient, createUploadRepository } from "@meshbench/db";
import { trialKey } from "@meshbench/core";
import { importResult } from "@meshbench/formats";
import { createDatabase, startLocalPostgres } from "@meshbench/local-postgres";
import { spawnSync } from "node:child_process";
import pg from "pg";
import { readDemoMatrix } from "@meshbench/demo";
import { repoRoot } from "./stack";

const COORDINATES = {
  variant: "baseline",
  requestedQps: 100,
  connections: 8,
  payloadBytes: 0,
  protocol: "http1" as const,
  keepAlive: true,
  repetition: 1,
};

let capture = false;
const lines: string[] = [];
const server = await startLocalPostgres({
  ephemeral: true,
  log: (l) => {
    if (capture) lines.push(l);
  },
});
try {
  const url = await createDatabase(server.url, "mb_sql");
  spawnSync("pnpm", ["db:migrate"], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: url },
    stdio: "ignore",
  });
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const ws = await c.query<{ id: string }>(
    `INSERT INTO "Workspace" (id, slug, name) VALUES ('w1','w','w') RETURNING id`,
  );
  await c.query(`ALTER DATABASE mb_sql SET log_statement = 'all'`);
  await c.end();
  const db = createPrismaClient(url);
  const services = createServices(db);
  const uploadRepository = createUploadRepository(db);
  const text = readDemoMatrix()[0]!.text;
  const input = {
    benchmarkKey: "p",
    title: "p",
    labels: {},
    git: {},
    environment: {},
    trials: [
      {
        key: trialKey(COORDINATES),
        coordinates: COORDINATES,
        sequence: 1,
        result: importResult(text, "fortio"),
        validityFlags: [],
      },
    ],
  };
  await uploadRepository.createUploadRun(ws.rows[0]!.id, input);
  await services.rateLimits.consume("upload", "x");
  capture = true;
  lines.push("---- upload");
  await uploadRepository.createUploadRun(ws.rows[0]!.id, input);
  lines.push("---- rate limit");
  await services.rateLimits.consume("upload", "x");
  await new Promise((r) => setTimeout(r, 300));
  capture = false;
  process.stdout.write(
    lines
      .filter((l) => /statement:|execute|----/.test(l))
      .map((l) => l.slice(0, 220))
      .join("\n") + "\n",
  );
  await db.$disconnect();
} finally {
  await server.stop();
}
