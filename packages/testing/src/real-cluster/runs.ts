/**
 * Bookkeeping that survives a killed harness: each cluster owns a slot directory
 * /run/meshbench-real-node/mbrn<slot>/ holding owner.json (PID + start time of the process that
 * started it) and a pids file. A later start sweeps the slots whose owner is dead, and never
 * touches one whose owner lives (e.g. a running scripts/local-cluster.sh).
 */
import {
  closeSync,
  existsSync,
  rmdirSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  appendFileSync,
} from "node:fs";
import path from "node:path";
import { removeRunResources } from "./cleanup";
import { isAlive, mountPoints, processStartTime, run, sleep } from "./host";
import { NODE_MOUNTS } from "./configs";
import { type ClusterPlan, MAX_SLOTS, planCluster, RUN_ROOT } from "./plan";

type Owner = { pid: number; startTime: string; nodes: number };

const me = (): Owner => ({
  pid: process.pid,
  startTime: processStartTime(process.pid) ?? "",
  nodes: 0,
});
const ownerAlive = (o: Owner) => isAlive(o.pid) && processStartTime(o.pid) === o.startTime;

function readOwner(dir: string): Owner | undefined {
  try {
    return JSON.parse(readFileSync(path.join(dir, "owner.json"), "utf8")) as Owner;
  } catch {
    return undefined;
  }
}

/** A lock file with the holder's identity (no flock in Node); a dead holder's lock is broken. */
async function withLock<T>(fn: () => Promise<T>): Promise<T> {
  const lock = path.join(RUN_ROOT, ".lock");
  for (let waited = 0; ; waited += 200) {
    try {
      closeSync(openSync(lock, "wx"));
      writeFileSync(lock, JSON.stringify(me()));
      break;
    } catch {
      let holder: Owner | undefined;
      try {
        holder = JSON.parse(readFileSync(lock, "utf8")) as Owner;
      } catch {
        // being written right now
      }
      if (holder && !ownerAlive(holder)) rmSync(lock, { force: true });
      if (waited > 10 * 60_000) throw new Error(`real-node: ${lock} held for 10 min`);
      await sleep(200);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { force: true });
  }
}

const slotDirs = () =>
  existsSync(RUN_ROOT) ? readdirSync(RUN_ROOT).filter((d) => /^mbrn\d+$/.test(d)) : [];

/** Removes the leftovers of every earlier run whose owner is dead. Returns their ids. */
export async function sweepDeadRuns(): Promise<string[]> {
  mkdirSync(RUN_ROOT, { recursive: true });
  return withLock(async () => sweepLocked());
}

async function sweepLocked(): Promise<string[]> {
  const swept: string[] = [];
  for (const id of slotDirs()) {
    const dir = path.join(RUN_ROOT, id);
    const owner = readOwner(dir);
    if (owner && ownerAlive(owner)) continue;
    // No owner.json: killed between mkdir and write (both happen under the lock we hold).
    await removeRunResources(planCluster(Number(id.slice(4)), owner?.nodes || 16));
    swept.push(id);
  }
  cleanupMachineIfLast();
  return swept;
}

/** Sweeps dead runs, then claims the first free slot for this process. */
export async function claimSlot(nodes: number): Promise<{ plan: ClusterPlan; swept: string[] }> {
  mkdirSync(RUN_ROOT, { recursive: true });
  return withLock(async () => {
    const swept = await sweepLocked();
    const used = new Set(slotDirs());
    for (let slot = 0; slot < MAX_SLOTS; slot++) {
      if (used.has(`mbrn${slot}`)) continue;
      const plan = planCluster(slot, nodes);
      mkdirSync(plan.runDir, { recursive: true });
      writeFileSync(path.join(plan.runDir, "owner.json"), JSON.stringify({ ...me(), nodes }));
      return { plan, swept };
    }
    throw new Error(`real-node: all ${MAX_SLOTS} slots under ${RUN_ROOT} are held by live runs`);
  });
}

export function recordPid(plan: ClusterPlan, pid: number, name: string) {
  appendFileSync(
    path.join(plan.runDir, "pids"),
    `${pid} ${processStartTime(pid) ?? "?"} ${name}\n`,
  );
}

/** Releases the slot after teardown (removeRunResources deleted its dir). */
export async function releaseSlot(plan: ClusterPlan) {
  await withLock(() => {
    rmSync(plan.runDir, { recursive: true, force: true });
    cleanupMachineIfLast();
    return Promise.resolve();
  });
}

// Machine-wide traces no flag moves: the kubelet sets these sysctls at start (with
// protectKernelDefaults it would refuse to start instead). And each node bind-mounts its own copy
// of some machine paths (NODE_MOUNTS) inside its mount namespace, which needs the mount points on
// the machine. Record both before the first run; undo after the last.
const SYSCTLS = ["vm.overcommit_memory", "vm.panic_on_oom", "kernel.panic", "kernel.panic_on_oops"];
const MACHINE_FILE = path.join(RUN_ROOT, "machine.json");
type MachineState = { sysctls: string; createdDirs: string[] };

/** The topmost missing directory on the way to `dir` (what `mkdir -p dir` would create), if any. */
function firstMissing(dir: string): string | undefined {
  let missing: string | undefined;
  for (let d = dir; !existsSync(d); d = path.dirname(d)) missing = d;
  return missing;
}

export function saveMachineState() {
  const state: MachineState = existsSync(MACHINE_FILE)
    ? (JSON.parse(readFileSync(MACHINE_FILE, "utf8")) as MachineState)
    : { sysctls: run(["sysctl", ...SYSCTLS]), createdDirs: [] };
  // Also when a live run of an older harness wrote the file without these mount points.
  const missing = NODE_MOUNTS.map(firstMissing).filter((d): d is string => d !== undefined);
  state.createdDirs = [...new Set([...state.createdDirs, ...missing])];
  writeFileSync(MACHINE_FILE, JSON.stringify(state));
  for (const dir of NODE_MOUNTS) mkdirSync(dir, { recursive: true });
}

/**
 * When no run is left: restore the sysctls, remove the machine-wide dirs the runs created, and
 * undo `ip netns add`'s first-time self bind mount of /run/netns if it is empty.
 */
function cleanupMachineIfLast() {
  if (slotDirs().length > 0) return;
  const netnsMounted = mountPoints().some((m) => m.mountPoint === "/run/netns");
  if (netnsMounted && readdirSync("/run/netns").length === 0) {
    run(["umount", "/run/netns"]);
    rmdirSync("/run/netns");
  }
  if (!existsSync(MACHINE_FILE)) return;
  const state = JSON.parse(readFileSync(MACHINE_FILE, "utf8")) as MachineState;
  for (const line of state.sysctls.split("\n").filter(Boolean))
    run(["sysctl", "-q", "-w", line.replace(/\s*=\s*/, "=")]);
  for (const dir of state.createdDirs) rmSync(dir, { recursive: true, force: true });
  rmSync(MACHINE_FILE);
}
