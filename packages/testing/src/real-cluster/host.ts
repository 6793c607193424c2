/** Small synchronous wrappers over the host tools the harness drives (ip, nsenter, ctr, ...). */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";

export const netnsPath = (ns: string) => `/var/run/netns/${ns}`;
/**
 * Runs a command inside a network namespace. `ip netns exec` would also remount /sys (and the
 * kubelet then dies with "failed to find cgroup mounts"), so nsenter enters only the netns.
 */
export const inNetns = (ns: string, cmd: string, args: string[]) => [
  "nsenter",
  `--net=${netnsPath(ns)}`,
  cmd,
  ...args,
];

/**
 * Runs a command as a process of a node (node.ts): in the network, PID and mount namespaces of
 * the node's init, whose host PID is `init`. nsenter forks to enter the PID namespace, so the
 * command is nsenter's child (see `signalDaemon` in processes.ts).
 */
export const inNode = (init: number, cmd: string, args: string[]) => [
  "nsenter",
  `--target=${init}`,
  "--net",
  "--pid",
  "--mount",
  "--",
  cmd,
  ...args,
];

/** Host PIDs of a process's children (an empty list once it has none or is gone). */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .split(" ")
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

export function run(argv: string[], options: { input?: string } = {}): string {
  const [cmd, ...args] = argv;
  if (!cmd) throw new Error("run: empty command");
  try {
    return execFileSync(cmd, args, {
      encoding: "utf8",
      input: options.input,
      stdio: ["pipe", "pipe", "pipe"],
      timeout: 120_000,
    });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? "";
    throw new Error(`${argv.join(" ")} failed: ${stderr.trim() || String(error)}`, {
      cause: error,
    });
  }
}

/** For teardown: the thing may already be gone, which is what we want. */
export function tryRun(argv: string[]): boolean {
  try {
    run(argv);
    return true;
  } catch {
    return false;
  }
}

/** Field 22 of /proc/<pid>/stat: with the PID it identifies a process across PID reuse. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

export function processCmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
}

export const allPids = () =>
  readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map(Number);

export const isAlive = (pid: number) =>
  existsSync(`/proc/${pid}`) && processStartTime(pid) !== undefined;

/** Mount points from /proc/self/mountinfo (octal escapes decoded). */
export function mountPoints(): { mountPoint: string; fsType: string; superOptions: string }[] {
  const decode = (s: string) =>
    s.replace(/\\(\d{3})/g, (_, o: string) => String.fromCharCode(parseInt(o, 8)));
  return readFileSync("/proc/self/mountinfo", "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [left = "", right = ""] = line.split(" - ");
      const [fsType = "", , superOptions = ""] = right.split(" ");
      return { mountPoint: decode(left.split(" ")[4] ?? ""), fsType, superOptions };
    });
}

/** Every cgroup v1 hierarchy's mount point (cpu, memory, ..., name=systemd). */
export const cgroupV1Mounts = () =>
  mountPoints()
    .filter((m) => m.fsType === "cgroup")
    .map((m) => m.mountPoint);

/** Also the hybrid setup's cgroup2 mount, where runc and the kubelet mirror their v1 dirs. */
export const cgroupMounts = () =>
  mountPoints()
    .filter((m) => m.fsType === "cgroup" || m.fsType === "cgroup2")
    .map((m) => m.mountPoint);

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
