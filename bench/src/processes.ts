import { spawn, type ChildProcess } from "node:child_process";

/**
 * Every process the bench starts, stopped by its own process group on exit, Ctrl-C or a crash:
 * the bench must never leave a server behind on a shared machine.
 */
const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void>)[] = [];

export function startProcess(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv },
) {
  const child = spawn(command, args, {
    ...options,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  child.on("exit", () => children.delete(child));
  let output = "";
  const keep = (b: Buffer) => (output = (output + b.toString()).slice(-8000));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return { child, output: () => output };
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    /* already gone */
  }
}

export async function stopProcess(child: ChildProcess) {
  killGroup(child, "SIGTERM");
  const deadline = Date.now() + 5000;
  while (child.exitCode === null && child.signalCode === null && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  killGroup(child, "SIGKILL");
  children.delete(child);
}

export function onCleanup(fn: () => Promise<void>) {
  cleanups.push(fn);
}

/** Runs while the children are still up (e.g. asking the server for its CPU profile). */
const beforeStop: (() => Promise<void>)[] = [];
export function onBeforeStop(fn: () => Promise<void>) {
  beforeStop.push(fn);
}

let cleaning: Promise<void> | null = null;
export function cleanupAll(): Promise<void> {
  cleaning ??= (async () => {
    for (const fn of beforeStop) await fn().catch(() => undefined);
    for (const child of [...children]) await stopProcess(child);
    for (const fn of cleanups.reverse()) await fn().catch(() => undefined);
  })();
  return cleaning;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void cleanupAll().finally(() => process.exit(130));
  });
}
