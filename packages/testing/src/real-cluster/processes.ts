/** Long-running daemons of the cluster, each started inside a network namespace, with a log. */
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import path from "node:path";
import { childPids, sleep } from "./host";
import type { ClusterPlan } from "./plan";
import { recordPid } from "./runs";

/**
 * `child` is what we spawned. For a node's processes that is nsenter, which forks to enter the
 * node's PID namespace (`forked`): the daemon is its child, and signals go there; nsenter exits
 * with the daemon, so `child`'s exit is still the daemon's.
 */
export type Daemon = { name: string; child: ChildProcess; log: string; forked: boolean };

/** Starts `argv` (already wrapped by inNetns or inNode) with its output in logs/<name>.log. */
export function startDaemon(
  plan: ClusterPlan,
  name: string,
  argv: string[],
  options: { forked?: boolean } = {},
): Daemon {
  const log = path.join(plan.runDir, "logs", `${name}.log`);
  const fd = openSync(log, "a");
  // Detached: a Ctrl-C on the terminal reaches the harness, which stops them in order.
  const [cmd = "", ...rest] = argv;
  const child = spawn(cmd, rest, { stdio: ["ignore", fd, fd], detached: true });
  closeSync(fd);
  if (child.pid === undefined) throw new Error(`could not start ${name}`);
  recordPid(plan, child.pid, name);
  return { name, child, log, forked: options.forked ?? false };
}

function signalDaemon(d: Daemon, signal: NodeJS.Signals) {
  const inner = d.forked && d.child.pid !== undefined ? childPids(d.child.pid) : [];
  if (inner.length === 0) {
    d.child.kill(signal);
    return;
  }
  for (const pid of inner) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

export const exited = (d: Daemon) => d.child.exitCode !== null || d.child.signalCode !== null;

/** SIGTERM, then SIGKILL after `graceMs`; resolves once all have exited. */
export async function stopDaemons(daemons: Daemon[], graceMs = 10_000) {
  const running = daemons.filter((d) => !exited(d));
  for (const d of running) signalDaemon(d, "SIGTERM");
  const gone = (d: Daemon) =>
    exited(d) ? Promise.resolve() : new Promise<void>((r) => d.child.once("exit", () => r()));
  await Promise.race([Promise.all(running.map(gone)), sleep(graceMs)]);
  for (const d of running)
    if (!exited(d)) {
      if (process.env.MESHBENCH_REAL_NODE_DEBUG === "1")
        console.error(`[real-node] SIGKILL ${d.name}`);
      signalDaemon(d, "SIGKILL");
    }
  await Promise.all(running.map(gone));
}

const logTail = (d: Daemon) => {
  try {
    return readFileSync(d.log, "utf8").split("\n").slice(-15).join("\n");
  } catch {
    return "";
  }
};

/** Polls `check` until true; fails early (with the log's tail) when one of `daemons` exits. */
export async function waitUntil(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  daemons: Daemon[],
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return;
    const dead = daemons.find(exited);
    if (dead) throw new Error(`${what}: ${dead.name} exited (${dead.log}):\n${logTail(dead)}`);
    await sleep(250);
  }
  throw new Error(`${what}: timed out after ${timeoutMs / 1000} s`);
}
