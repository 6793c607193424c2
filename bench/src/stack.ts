/**
 * What the bench measures against, all started here and stopped on exit: an embedded Postgres
 * (durable settings, as in production) on a free port, the committed migrations and demo seed,
 * and the production build of the web app (the standalone server behind the front door, as it
 * ships) on a free port. Never a dev server.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDatabase, findFreePort, startLocalPostgres } from "@meshbench/local-postgres";
import { onBeforeStop, onCleanup, startProcess } from "./processes";
import { sleep } from "./stats";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

function mustRun(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(command, args, { cwd: repoRoot, env, encoding: "utf8" });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
}

export type Stack = { databaseUrl: string; baseUrl: string };

/**
 * Builds the web app through turbo (a cache hit when nothing changed) unless told not to. Another
 * checkout user's `next build` holds a lock: wait for it (up to 10 minutes) instead of failing.
 */
export async function buildWeb(log: (line: string) => void) {
  log("building the web app (turbo; cached when unchanged)…");
  const env = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    TURBO_TELEMETRY_DISABLED: "1",
    DATABASE_URL: process.env.DATABASE_URL ?? "postgresql://placeholder@127.0.0.1/placeholder",
    MESHBENCH_SKIP_ENV_VALIDATION: "1",
  };
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const result = spawnSync("pnpm", ["exec", "turbo", "run", "build", "--filter=@meshbench/web"], {
      cwd: repoRoot,
      env,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    if (result.status === 0) return;
    const output = `${result.stdout}\n${result.stderr}`;
    if (!output.includes("Another next build process is already running") || Date.now() > deadline)
      throw new Error(`web build failed:\n${output.slice(-4000)}`);
    log("another next build is running; waiting for it…");
    await sleep(15_000);
  }
}

/**
 * Other engineers rebuild apps/web/.next while the bench runs, which would pull the build out from
 * under `next start`. When the build is standalone (next.config `output: "standalone"`), the bench
 * serves a private copy of it — the same production server `next start` runs — from a temp dir.
 */
function snapshotStandalone(): string | null {
  const next = path.join(repoRoot, "apps/web/.next");
  const server = path.join(next, "standalone/apps/web/server.js");
  if (!existsSync(server) || !existsSync(path.join(next, "BUILD_ID"))) return null;
  const dir = mkdtempSync(path.join(tmpdir(), "mb-bench-web-"));
  onCleanup(() => Promise.resolve(rmSync(dir, { recursive: true, force: true })));
  cpSync(path.join(next, "standalone"), dir, { recursive: true, verbatimSymlinks: true });
  cpSync(path.join(next, "static"), path.join(dir, "apps/web/.next/static"), { recursive: true });
  const pub = path.join(repoRoot, "apps/web/public");
  if (existsSync(pub)) cpSync(pub, path.join(dir, "apps/web/public"), { recursive: true });
  return path.join(dir, "apps/web/server.js");
}

export async function startStack(log: (line: string) => void): Promise<Stack> {
  const pg = await startLocalPostgres({ ephemeral: true });
  onCleanup(() => pg.stop());
  const databaseUrl = await createDatabase(pg.url, `mb_bench_${Date.now()}`);
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    MESHBENCH_MODE: "local",
    CHECKPOINT_DISABLE: "1",
  };
  log(`postgres on :${pg.port}; migrating and seeding…`);
  mustRun("pnpm", ["db:migrate"], env);
  mustRun("pnpm", ["db:seed"], env);

  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const serverEnv = {
    ...env,
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    MESHBENCH_BASE_URL: baseUrl,
    NODE_ENV: "production" as const,
    NEXT_TELEMETRY_DISABLED: "1",
    // Profiling: BENCH_CPU_PROF=<dir> loads cpu-profile-hook.mjs, which writes the server's profile.
    ...(process.env.BENCH_CPU_PROF
      ? { NODE_OPTIONS: `--import=${path.join(repoRoot, "bench/src/cpu-profile-hook.ts")}` }
      : {}),
  };
  const snapshot = snapshotStandalone();
  // As it ships (infra/docker, apps/web/server/start.sh): behind the front-door preload.
  const frontDoor = path.join(repoRoot, "apps/web/server/front-door.cjs");
  const server = snapshot
    ? startProcess("node", ["--require", frontDoor, snapshot], {
        cwd: path.dirname(snapshot),
        env: serverEnv,
      })
    : startProcess(
        "pnpm",
        [
          "--filter",
          "@meshbench/web",
          "exec",
          "next",
          "start",
          "--port",
          String(port),
          "--hostname",
          "127.0.0.1",
        ],
        { cwd: repoRoot, env: serverEnv },
      );
  if (process.env.BENCH_CPU_PROF) {
    onBeforeStop(async () => {
      if (server.child.pid) process.kill(server.child.pid, "SIGUSR2");
      await sleep(3000);
    });
  }
  log(
    snapshot
      ? `serving a private copy of the standalone build (${snapshot})`
      : "serving apps/web/.next with next start",
  );
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`web server exited:\n${server.output()}`);
    if (
      await fetch(`${baseUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    ) {
      log(`next start on :${port}`);
      return { databaseUrl, baseUrl };
    }
    await sleep(250);
  }
  throw new Error(`web server not healthy in 60 s:\n${server.output()}`);
}
