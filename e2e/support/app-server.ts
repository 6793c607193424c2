/**
 * Starts the production build of the web app the way it ships — `node --require
 * server/front-door.cjs next start` — on a fresh embedded Postgres (or DATABASE_URL's server)
 * with the committed migrations (Prisma CLI) and the demo seed. Shared by the Playwright global
 * setup, the soak and the schema fuzzing. The server is this process's direct child, so its PID
 * is the Node process whose memory the soak watches.
 */
import { spawn, spawnSync } from "node:child_process";
import { appendFileSync, closeSync, mkdirSync, openSync, readFileSync } from "node:fs";
import path from "node:path";
import { createDatabase, findFreePort, startLocalPostgres } from "@meshbench/local-postgres";

export const repoRoot = path.resolve(import.meta.dirname, "../..");
const webDir = path.join(repoRoot, "apps/web");

export type AppServer = {
  baseUrl: string;
  databaseUrl: string;
  pid: number;
  logFile: string;
  /** Everything the server printed so far. */
  log: () => string;
  stop: () => Promise<void>;
};

function mustRun(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(command, args, { cwd: repoRoot, env, encoding: "utf8" });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
}

async function waitForHealth(url: string, exited: () => boolean, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`web server exited:\n${output().slice(-8000)}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`web server not healthy in 90 s:\n${output().slice(-8000)}`);
}

export async function startAppServer(options: {
  name: string;
  logFile: string;
  env?: Record<string, string>;
}): Promise<AppServer> {
  const external = process.env.DATABASE_URL;
  const pg = external ? null : await startLocalPostgres({ ephemeral: true, fast: true });
  const adminUrl = external ? new URL("/postgres", external).toString() : pg!.url;
  const databaseUrl = await createDatabase(adminUrl, `mb_${options.name}_${Date.now()}`);
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    MESHBENCH_MODE: "local",
    // e2e, soak and fuzz: clusters and Prometheus URLs may only be on loopback, so no generated
    // input can make the server dial anything else.
    MESHBENCH_OUTBOUND_POLICY: "test",
    CHECKPOINT_DISABLE: "1",
  };
  mustRun("pnpm", ["db:migrate"], env);
  mustRun("pnpm", ["db:seed"], env);

  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  mkdirSync(path.dirname(options.logFile), { recursive: true });
  // The server writes straight into its log file, never into a pipe to this process: a pipe
  // nobody drains (this process blocked in spawnSync, say) fills at 64 KiB and freezes the
  // server mid-request, with its database statements left open.
  const logFd = openSync(options.logFile, "w");
  const output = () => readFileSync(options.logFile, "utf8");
  const server = spawn(
    process.execPath,
    [
      "--require",
      "./server/front-door.cjs",
      "node_modules/next/dist/bin/next",
      "start",
      "--port",
      String(port),
    ],
    {
      cwd: webDir,
      stdio: ["ignore", logFd, logFd],
      env: {
        ...env,
        NODE_ENV: "production",
        PORT: String(port),
        MESHBENCH_BASE_URL: baseUrl,
        ...options.env,
      },
    },
  );
  closeSync(logFd);
  const exited = () => server.exitCode !== null || server.signalCode !== null;
  try {
    await waitForHealth(baseUrl, exited, output);
  } catch (error) {
    server.kill("SIGKILL");
    await pg?.stop();
    throw error;
  }
  return {
    baseUrl,
    databaseUrl,
    pid: server.pid!,
    logFile: options.logFile,
    log: output,
    stop: async () => {
      if (!exited()) {
        const gone = new Promise((r) => server.once("exit", r));
        server.kill("SIGTERM");
        await Promise.race([gone, new Promise((r) => setTimeout(r, 5_000))]);
        if (!exited()) server.kill("SIGKILL");
      }
      await pg?.stop();
    },
  };
}

/** Resident memory of a process, in MiB (Linux /proc). */
export function rssMiB(pid: number): number {
  const status = spawnSync("cat", [`/proc/${pid}/status`], { encoding: "utf8" }).stdout;
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

export function appendLine(file: string, line: string) {
  appendFileSync(file, `${line}\n`);
}
