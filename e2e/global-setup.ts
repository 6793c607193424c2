/**
 * Starts what the UI tests need, all real: an embedded Postgres on a free port, the committed
 * migrations applied with the Prisma CLI, the demo seed, and the production build of the web app
 * (`next start`) on a free port. The base URL reaches the tests through the environment.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createDatabase, findFreePort, startLocalPostgres } from "@meshbench/local-postgres";

const root = path.resolve(import.meta.dirname, "..");

function mustRun(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(command, args, { cwd: root, env, encoding: "utf8" });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
}

async function waitForHealth(url: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`web server exited:\n${output()}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`web server not healthy in 60 s:\n${output()}`);
}

export default async function globalSetup() {
  const external = process.env.DATABASE_URL;
  const pg = external ? null : await startLocalPostgres({ ephemeral: true, fast: true });
  const databaseName = `mb_e2e_${Date.now()}`;
  const adminUrl = external ? new URL("/postgres", external).toString() : pg!.url;
  const databaseUrl = await createDatabase(adminUrl, databaseName);
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    MESHBENCH_MODE: "local",
    CHECKPOINT_DISABLE: "1",
  };
  mustRun("pnpm", ["db:migrate"], env);
  mustRun("pnpm", ["db:seed"], env);

  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = "";
  // The server log is kept for tests that read what the local console mailer printed.
  const serverLog = path.join(root, "e2e/artifacts/web-server.log");
  mkdirSync(path.dirname(serverLog), { recursive: true });
  writeFileSync(serverLog, "");
  const server = spawn(
    "pnpm",
    ["--filter", "@meshbench/web", "exec", "next", "start", "--port", String(port)],
    {
      cwd: root,
      env: {
        ...env,
        PORT: String(port),
        MESHBENCH_BASE_URL: baseUrl,
        MESHBENCH_AUTH_RATE_LIMIT: "30",
      },
      detached: true,
    },
  );
  const keep = (b: Buffer) => {
    output = (output + b.toString()).slice(-8000);
    appendFileSync(serverLog, b);
  };
  server.stdout.on("data", keep);
  server.stderr.on("data", keep);
  await waitForHealth(baseUrl, server, () => output);
  process.env.MESHBENCH_E2E_BASE_URL = baseUrl;
  process.env.MESHBENCH_E2E_DATABASE_URL = databaseUrl;
  process.env.MESHBENCH_E2E_SERVER_LOG = serverLog;

  return async () => {
    if (server.pid) process.kill(-server.pid, "SIGTERM"); // the whole group: pnpm and next
    await new Promise((r) => setTimeout(r, 500));
    if (pg) await pg.stop();
  };
}
