/**
 * Orchestrates local mode: Postgres (embedded unless DATABASE_URL is set) → migrate → seed →
 * build → web on :3000 (the standalone server, apps/web/server/start.sh) + worker. Ctrl-C stops
 * web and worker first, then the embedded database: it runs in its own process group, so the
 * terminal's Ctrl-C reaches it only through us, after nothing uses it any more.
 * The embedded data directory persists between runs (under the system temp dir, reachable by
 * the postgres user when run as root).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import path from "node:path";
import { createDatabase, defaultDataRoot, startLocalPostgres } from "@meshbench/local-postgres";
import {
  localClusterBlocker,
  meshArgument,
  startLocalCluster,
  type LocalCluster,
} from "./lib/local-cluster";

const root = path.resolve(import.meta.dirname, "..");
const port = process.env.PORT ?? "3000";
const log = (msg: string) => console.log(`[meshbench] ${msg}`);
const withCluster = !process.argv.includes("--no-cluster");
const mesh = meshArgument(process.argv.slice(2));
let localCluster: LocalCluster | null = null;

function runStep(title: string, command: string[], env: NodeJS.ProcessEnv) {
  log(title);
  const result = spawnSync(command[0]!, command.slice(1), { cwd: root, stdio: "inherit", env });
  if (result.status !== 0) throw new Error(`${title} failed (exit ${result.status ?? "signal"})`);
}

const dataDir = path.join(
  defaultDataRoot(),
  `dev-${createHash("sha256").update(root).digest("hex").slice(0, 10)}`,
);
const database = process.env.DATABASE_URL
  ? null
  : await startLocalPostgres({ dataDir, log: () => undefined, ownProcessGroup: true });
const databaseUrl = process.env.DATABASE_URL ?? (await createDatabase(database!.url, "meshbench"));
if (database) log(`embedded PostgreSQL 17 on 127.0.0.1:${database.port} (data: ${dataDir})`);

const env = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  MESHBENCH_MODE: process.env.MESHBENCH_MODE ?? "local",
  PORT: port,
};
const children: ChildProcess[] = [];
let stopping = false;
function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false; // the group is gone
  }
}
/** Resolves once no process of the group is left; SIGKILLs what remains after a minute. */
async function groupGone(pgid: number) {
  const deadline = Date.now() + 60_000;
  while (signalGroup(pgid, 0)) {
    if (Date.now() > deadline) signalGroup(pgid, "SIGKILL");
    await new Promise((r) => setTimeout(r, 100));
  }
}
async function stopAll(code: number) {
  // Ctrl-C arrives twice (the terminal signals the group, tsx relays it): stop once.
  if (stopping) return;
  stopping = true;
  await localCluster?.stop(); // the harness deletes its pods and namespaces, then itself
  // Each child leads its own process group (pnpm → node): signal the whole group, and wait for
  // every process in it (pnpm exits before the worker has finished its graceful stop).
  const groups = children.flatMap((c) => (c.pid ? [c.pid] : []));
  for (const pgid of groups) signalGroup(pgid, "SIGTERM");
  await Promise.all(groups.map(groupGone));
  await database?.stop(); // last: web and worker have exited, nothing holds a connection
  log("stopped");
  process.exit(code);
}
process.on("SIGINT", () => void stopAll(0));
process.on("SIGTERM", () => void stopAll(0));

try {
  runStep("generating the Prisma client", ["pnpm", "db:generate"], env);
  runStep("applying migrations", ["pnpm", "db:migrate"], env);
  runStep("seeding the demo workspace", ["pnpm", "db:seed"], env);
  runStep(
    "building the web app",
    ["pnpm", "turbo", "run", "build", "--filter=@meshbench/web"],
    env,
  );
} catch (error) {
  console.error(`[meshbench] ${(error as Error).message}`);
  await stopAll(1);
}

for (const [name, args] of [
  ["web", ["--filter", "@meshbench/web", "start"]],
  ["worker", ["--filter", "@meshbench/worker", "start"]],
] as const) {
  const child = spawn("pnpm", [...args], { cwd: root, stdio: "inherit", env, detached: true });
  child.once("exit", (code) => {
    if (!stopping) {
      log(`${name} exited (${code ?? "signal"}); stopping`);
      void stopAll(code ?? 1);
    }
  });
  children.push(child);
}
log(
  `Meshbench is starting on http://localhost:${port} — the demo run is under Runs. Ctrl-C stops it.`,
);

// A real 2-node cluster in the background, registered as `local` once the app answers, with the
// A/A demo benchmark ready to run on it. The app is usable meanwhile.
const blocker = withCluster ? localClusterBlocker() : "skipped (--no-cluster)";
if (blocker) log(`local cluster: ${blocker}`);
else {
  const appUrl = `http://localhost:${port}`;
  while (
    !stopping &&
    !(await fetch(`${appUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  )
    await new Promise((r) => setTimeout(r, 1000));
  const logFile = path.join(root, ".meshbench/local-cluster.log");
  log(
    `local cluster: starting in the background${mesh ? ` with ${mesh}` : ""} (first run builds binaries, ~15 min${mesh ? ", and Istio, ~12 min" : ""}; ${logFile})`,
  );
  localCluster = startLocalCluster({
    appUrl,
    logFile,
    log: (line) => log(`local cluster: ${line}`),
    mesh,
  });
}
