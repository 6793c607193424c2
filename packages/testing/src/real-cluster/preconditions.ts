/**
 * What a real node needs from the machine, checked before anything is touched, with a message
 * naming exactly what is missing. Debian packages are installed when missing if we are root
 * with apt-get (as scripts/lib/chromium.sh does for Chromium).
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/** Callers skip (describe.skipIf) when this is set, instead of failing on a machine without it. */
export const realNodeSkipped = () => process.env.MESHBENCH_SKIP_REAL_NODE === "1";

const CGROUP_V1 = ["cpu", "cpuacct", "cpuset", "memory", "devices", "freezer", "blkio", "pids"];

/** Debian package -> files it provides that we use. */
const PACKAGES: Record<string, string[]> = {
  containerd: ["/usr/bin/containerd", "/usr/bin/ctr", "/usr/bin/containerd-shim-runc-v2"],
  runc: ["/usr/sbin/runc"],
  "containernetworking-plugins": ["bridge", "host-local", "portmap", "loopback"].map(
    (p) => `/usr/lib/cni/${p}`,
  ),
  iptables: ["/usr/sbin/iptables", "/usr/sbin/iptables-save"],
  iproute2: ["/usr/bin/ip"],
  "util-linux": ["/usr/bin/nsenter", "/usr/bin/flock"],
  openssl: ["/usr/bin/openssl"],
};

const missingPackages = () =>
  Object.entries(PACKAGES)
    .filter(([, files]) => files.some((f) => !existsSync(f) && !existsSync(f.replace("/usr", ""))))
    .map(([pkg]) => pkg);

export function checkRealNodePreconditions() {
  const problems: string[] = [];
  if (process.platform !== "linux") throw new Error("real-node cluster: Linux only");
  const root = process.getuid?.() === 0;
  if (!root) problems.push("root (network namespaces, cgroups, mounts, iptables)");
  const cgroups = CGROUP_V1.filter((c) => !existsSync(`/sys/fs/cgroup/${c}/cgroup.procs`));
  if (cgroups.length)
    problems.push(`cgroup v1 controllers mounted under /sys/fs/cgroup: ${cgroups.join(", ")}`);
  let packages = missingPackages();
  if (packages.length && root && existsSync("/usr/bin/apt-get")) {
    console.error(`[real-node] installing Debian packages: ${packages.join(" ")}`);
    const apt = (args: string[]) =>
      execFileSync("apt-get", ["-o", "DPkg::Lock::Timeout=600", ...args], {
        stdio: ["ignore", "ignore", "inherit"],
        env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      });
    apt(["update", "-qq"]);
    apt(["install", "-y", "-qq", ...packages]);
    packages = missingPackages();
  }
  if (packages.length) problems.push(`Debian packages: ${packages.join(" ")}`);
  if (problems.length)
    throw new Error(
      `real-node cluster: missing ${problems.join("; ")}. ` +
        "Set MESHBENCH_SKIP_REAL_NODE=1 to skip the real-node tests on this machine.",
    );
}

/** Go is only needed while the binaries are not cached yet; the build scripts say so too. */
export function hasGo() {
  try {
    execFileSync("go", ["version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
