/**
 * Registers a local real-node cluster (scripts/local-cluster.sh) with a running Meshbench in local
 * mode, as the demo user would through the UI: signs in, replaces any earlier cluster named
 * `local` (each start has a new apiserver address and certificates), and creates the demo
 * benchmark `local-a-a` — an A/A pair on the echo target, ready to run with one click.
 * Usage: tsx scripts/lib/register-local-cluster.ts <kubeconfig path> [app URL]
 */
import { readFileSync } from "node:fs";
import { demoSession } from "./demo-session";

const [kubeconfigPath, appUrl = `http://localhost:${process.env.PORT ?? "3000"}`] =
  process.argv.slice(2);
if (!kubeconfigPath) {
  console.error("usage: register-local-cluster.ts <kubeconfig path> [app URL]");
  process.exit(64);
}

const LOCAL_BENCHMARK = {
  key: "local-a-a",
  name: "Local A/A: echo vs an identical echo (real pods)",
  description:
    "Two identical baselines on the local 2-node cluster: what this machine's noise looks like.",
  target: { kind: "fortio-echo" },
  variants: [
    { name: "baseline", mesh: "baseline" },
    { name: "baseline-b", mesh: "baseline" },
  ],
  loadMatrix: { qps: [200, 500], connections: [4] },
  repetitions: 3,
  durationSeconds: 10,
  warmupSeconds: 2,
};

const healthy = await fetch(`${appUrl}/api/health`).then(
  (r) => r.ok,
  () => false,
);
if (!healthy) {
  console.error(`no Meshbench answers at ${appUrl} (start scripts/demo.sh, or set MESHBENCH_URL)`);
  process.exit(1);
}
const { trpc } = await demoSession(appUrl);
const clusters = await trpc<{ id: string; name: string }[]>("clusters.list");
for (const old of clusters.filter((c) => c.name === "local"))
  await trpc("clusters.delete", { clusterId: old.id }, true);
const { cluster } = await trpc<{ cluster: { id: string; status: string } }>(
  "clusters.register",
  { name: "local", auth: { mode: "kubeconfig", kubeconfig: readFileSync(kubeconfigPath, "utf8") } },
  true,
);
const benchmarks = await trpc<{ key: string }[]>("benchmarks.list");
if (!benchmarks.some((b) => b.key === LOCAL_BENCHMARK.key))
  await trpc("benchmarks.create", LOCAL_BENCHMARK, true);
console.log(
  `[local-cluster] registered as "local" (${cluster.status}); benchmark ${LOCAL_BENCHMARK.key} ready to run: ${appUrl}/benchmarks`,
);
