/**
 * Starts the local 2-node real-node cluster (packages/testing/src/real-cluster/cli.ts) as a child
 * process, with Istio ambient when asked, registers it as `local` with the running app
 * (register-local-cluster.ts) once its nodes (and mesh) are ready, and stops it (the harness
 * removes everything it made) on request. Used by scripts/demo.ts in the background and by
 * scripts/local-cluster.sh beside a running app.
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

/** The one mesh the local cluster can install (Istio ambient; see infra/testenv/build-istio.sh). */
export const LOCAL_MESHES = ["istio-ambient"] as const;
export type LocalMesh = (typeof LOCAL_MESHES)[number];

/** `--mesh <kind>` from a script's arguments; exits with a message on a kind not offered. */
export function meshArgument(argv: string[]): LocalMesh | undefined {
  const i = argv.findIndex((a) => a === "--mesh" || a.startsWith("--mesh="));
  if (i < 0) return undefined;
  const value = argv[i]!.includes("=") ? argv[i]!.split("=")[1] : argv[i + 1];
  const mesh = LOCAL_MESHES.find((m) => m === value);
  if (!mesh) {
    console.error(`--mesh: one of ${LOCAL_MESHES.join(", ")}, not ${value ?? "nothing"}`);
    process.exit(2);
  }
  return mesh;
}

export function startLocalCluster(options: {
  appUrl: string;
  logFile: string;
  log: (line: string) => void;
  mesh?: LocalMesh;
}): LocalCluster {
  const meshArgs = options.mesh ? ["--mesh", options.mesh] : [];
  mkdirSync(path.dirname(options.logFile), { recursive: true });
  const logStream = createWriteStream(options.logFile, { flags: "a" });
  // Node with tsx's loader rather than the tsx wrapper: the wrapper SIGKILLs a child that is
  // slow to acknowledge a relayed signal, i.e. the harness halfway through its teardown. Its own
  // process group keeps a terminal's Ctrl-C from reaching it directly: stop() sends one SIGTERM.
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(root, "packages/testing/src/real-cluster/cli.ts"), ...meshArgs],
    { cwd: root, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  // Progress (builds, node start) goes to the log file; milestones also to the console.
  createInterface({ input: child.stderr }).on("line", (line) => {
    logStream.write(`${line}\n`);
    if (/\[real-node\]|\[build|error|missing|no istio/i.test(line)) options.log(line);
  });
  createInterface({ input: child.stdout }).once("line", (kubeconfigPath) => {
    const registered = spawnSync(
      tsx,
      [
        path.join(root, "scripts/lib/register-local-cluster.ts"),
        kubeconfigPath,
        options.appUrl,
        ...meshArgs,
      ],
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
