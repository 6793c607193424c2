/**
 * Removes everything a real-node cluster may have left on the host, whether its harness
 * stopped cleanly (after the graceful part of stop()) or was killed (the sweep). Every step is
 * idempotent and looks only at names and paths derived from the plan.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import type { ClusterPlan } from "./plan";
import { netnsNames } from "./plan";
import {
  allPids,
  cgroupMounts,
  mountPoints,
  netnsPath,
  processCmdline,
  run,
  sleep,
  tryRun,
} from "./host";

/** Processes of this run: every daemon (and containerd shim) names a path under runDir. */
export const runProcesses = (plan: ClusterPlan) =>
  allPids().filter((pid) => pid !== process.pid && processCmdline(pid).includes(`${plan.runDir}/`));

/** Each node's cgroup subtree (kubelet cgroupRoot /<node>) in every v1 hierarchy, deepest first. */
export function runCgroupDirs(plan: ClusterPlan): string[] {
  const dirs: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }))
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
    dirs.push(dir);
  };
  for (const mount of cgroupMounts())
    for (const node of plan.nodes) {
      const dir = path.join(mount, node.name);
      if (existsSync(dir)) walk(dir);
    }
  return dirs;
}

const runMounts = (plan: ClusterPlan) =>
  mountPoints()
    .map((m) => m.mountPoint)
    .filter(
      (m) =>
        m === plan.runDir ||
        m.startsWith(`${plan.runDir}/`) ||
        netnsNames(plan).some((ns) => m === netnsPath(ns) || m === `/run/netns/${ns}`),
    );

async function killAll(pids: () => number[]) {
  for (const signal of ["SIGTERM", "SIGKILL"] as const) {
    for (const pid of pids()) {
      try {
        process.kill(pid, signal);
      } catch {
        // already gone
      }
    }
    for (let i = 0; i < 50 && pids().length > 0; i++) await sleep(100);
  }
}

const cgroupProcs = (plan: ClusterPlan) =>
  runCgroupDirs(plan).flatMap((dir) => {
    try {
      return readFileSync(path.join(dir, "cgroup.procs"), "utf8")
        .split("\n")
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  });

export async function removeRunResources(plan: ClusterPlan) {
  if (process.env.MESHBENCH_REAL_NODE_DEBUG === "1")
    console.error(
      `[real-node] removing ${plan.id}: processes ${runProcesses(plan).join(" ") || "none"}; ` +
        `in cgroups ${cgroupProcs(plan).join(" ") || "none"}; mounts ${runMounts(plan).join(" ")}`,
    );
  await killAll(() => runProcesses(plan));
  await killAll(() => cgroupProcs(plan)); // container processes (their shims are gone)
  // Deepest first; lazy, because a dying process may still hold one briefly.
  for (const m of runMounts(plan).sort((a, b) => b.length - a.length)) tryRun(["umount", "-l", m]);
  for (const ns of netnsNames(plan)) {
    if (existsSync(netnsPath(ns))) tryRun(["ip", "netns", "delete", ns]); // takes its veths along
  }
  for (const link of [
    plan.controlPlane.hostVeth,
    ...plan.nodes.map((n) => n.hostVeth),
    plan.bridge,
  ])
    tryRun(["ip", "link", "delete", link]);
  for (let attempt = 0; attempt < 20; attempt++) {
    const left = runCgroupDirs(plan).filter((dir) => !tryRun(["rmdir", dir]));
    if (left.length === 0) break;
    await sleep(250);
  }
  rmSync(plan.runDir, { recursive: true, force: true });
}

/** What of this run is still on the host; empty when teardown was complete. */
export function findLeftovers(plan: ClusterPlan): string[] {
  const left: string[] = [];
  const ours = (s: string) => s.includes(plan.id);
  const netns = existsSync("/run/netns") ? readdirSync("/run/netns") : [];
  left.push(...netns.filter(ours).map((n) => `netns ${n}`));
  left.push(
    ...run(["ip", "-o", "link", "show"])
      .split("\n")
      .filter(ours)
      .map((l) => `link ${l.split(":")[1]?.trim()}`),
  );
  const prefix = (cidr: string) => cidr.split(".").slice(0, 3).join(".") + ".";
  const ranges = [plan.bridgeCidr, plan.serviceCidr, ...plan.nodes.map((n) => n.podCidr)].map(
    prefix,
  );
  left.push(
    ...run(["ip", "route", "show"])
      .split("\n")
      .filter((r) => ranges.some((p) => r.includes(p)) || ours(r))
      .map((r) => `route ${r}`),
  );
  for (const table of ["filter", "nat", "mangle"]) {
    const chains = run(["iptables-save", "-t", table]).split("\n");
    left.push(
      ...chains.filter((l) => /^:(KUBE|CNI)-/.test(l)).map((l) => `iptables ${table} ${l}`),
    );
  }
  left.push(...runMounts(plan).map((m) => `mount ${m}`));
  left.push(...runCgroupDirs(plan).map((d) => `cgroup ${d}`));
  left.push(
    ...runProcesses(plan).map((pid) => `process ${pid} ${processCmdline(pid).slice(0, 80)}`),
  );
  if (existsSync(plan.runDir) && statSync(plan.runDir).isDirectory())
    left.push(`dir ${plan.runDir}`);
  return left;
}
