/**
 * Starts the local 2-node real-node cluster (packages/testing/src/real-cluster/cli.ts) as a child
 * process, registers it as `local` with the running app (register-local-cluster.ts) once its
 * nodes are Ready, and stops it (the harness removes everything it made) on request. Used by
 * scripts/demo.ts in the background and by scripts/local-cluster.sh beside a running app.
 */
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";

const root = path.resolve(import.meta.dirname, "../..");
const tsx = path.join(root, "node_modules/.bin/tsx");

/** Why this machine cannot run the local cluster, or null when it can try. */
export function localClusterBlocker(): string | null {
  if (process.platform !== "linux") return `needs Linux (this is ${process.platform})`;
  if (process.getuid?.() !== 0) return "needs root (containerd, network namespaces, cgroups)";
  if (spawnSync("go", ["version"]).status !== 0)
    return "needs Go ≥ 1.23 on PATH (the kubelet, kube-proxy, CoreDNS and Fortio are built once)";
  return null;
}

/** The line of a failed script's stderr that says what went wrong (not Node's version banner). */
const firstError = (stderr: string) =>
  stderr
    .split("\n")
    .map((l) => l.trim())
    .find((l) => /error|no meshbench|failed|refused/i.test(l)) ?? stderr.trim().split("\n")[0];

export type LocalCluster = { stop: () => Promise<void> };

export function startLocalCluster(options: {
  appUrl: string;
  logFile: string;
  log: (line: string) => void;
}): LocalCluster {
  mkdirSync(path.dirname(options.logFile), { recursive: true });
  const logStream = createWriteStream(options.logFile, { flags: "a" });
  // Node with tsx's loader rather than the tsx wrapper: the wrapper SIGKILLs a child that is
  // slow to acknowledge a relayed signal, i.e. the harness halfway through its teardown. Its own
  // process group keeps a terminal's Ctrl-C from reaching it directly: stop() sends one SIGTERM.
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(root, "packages/testing/src/real-cluster/cli.ts")],
    { cwd: root, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  // Progress (builds, node start) goes to the log file; milestones also to the console.
  createInterface({ input: child.stderr }).on("line", (line) => {
    logStream.write(`${line}\n`);
    if (/\[real-node\]|\[build|error|missing/i.test(line)) options.log(line);
  });
  createInterface({ input: child.stdout }).once("line", (kubeconfigPath) => {
    const registered = spawnSync(
      tsx,
      [path.join(root, "scripts/lib/register-local-cluster.ts"), kubeconfigPath, options.appUrl],
      { cwd: root, encoding: "utf8" },
    );
    options.log(
      registered.status === 0
        ? registered.stdout.trim()
        : `registering the local cluster failed: ${firstError(registered.stderr)}`,
    );
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  void exited.then(() => logStream.end());
  return {
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
