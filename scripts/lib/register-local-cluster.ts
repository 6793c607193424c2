/**
 * Registers a local real-node cluster (scripts/local-cluster.sh) with a running Meshbench in local
 * mode, as the demo user would through the UI: signs in, replaces any earlier cluster named
 * `local` (each start has a new apiserver address and certificates), and creates the demo
 * benchmark `local-a-a` — an A/A pair on the echo target, ready to run with one click. With
 * `--mesh istio-ambient` (the cluster runs Istio ambient) it prints what Meshbench detected and
 * also creates the benchmark of the `ambient-vs-no-mesh` template, as the template picker would.
 * Usage: tsx scripts/lib/register-local-cluster.ts <kubeconfig path> [app URL] [--mesh istio-ambient]
 */
import { readFileSync } from "node:fs";
import type { TClusterView } from "../../packages/contracts/src/cluster";
import { demoSession } from "./demo-session";
import { meshArgument } from "./local-cluster";

const args = process.argv.slice(2);
const mesh = meshArgument(args);
const [kubeconfigPath, appUrl = `http://localhost:${process.env.PORT ?? "3000"}`] = args.filter(
  (a, i) => !a.startsWith("--mesh") && args[i - 1] !== "--mesh",
);
if (!kubeconfigPath) {
  console.error(
    "usage: register-local-cluster.ts <kubeconfig path> [app URL] [--mesh istio-ambient]",
  );
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
const { cluster } = await trpc<{ cluster: TClusterView }>(
  "clusters.register",
  { name: "local", auth: { mode: "kubeconfig", kubeconfig: readFileSync(kubeconfigPath, "utf8") } },
  true,
);
const benchmarks = await trpc<{ key: string }[]>("benchmarks.list");
const ready: string[] = [];
const ensureBenchmark = async (definition: { key: string }) => {
  if (!benchmarks.some((b) => b.key === definition.key))
    await trpc("benchmarks.create", definition, true);
  ready.push(definition.key);
};
await ensureBenchmark(LOCAL_BENCHMARK);
if (mesh === "istio-ambient") {
  const istio = cluster.detectedMeshes?.istio;
  const seen = (name: string, c?: { found: boolean; version: string | null }) =>
    `${name} ${c?.found ? (c.version ?? "version unknown") : "NOT FOUND"}`;
  console.log(
    `[local-cluster] Meshbench detected ${seen("istiod", istio?.istiod)}, ${seen("ztunnel", istio?.ztunnel)}, ${seen("istio-cni", istio?.cni)}`,
  );
  const template = await trpc<{ definition: { key: string } }>("templates.get", {
    key: "ambient-vs-no-mesh",
    meshes: ["istio-ambient"],
  });
  await ensureBenchmark(template.definition);
}
console.log(
  `[local-cluster] registered as "local" (${cluster.status}); benchmark(s) ${ready.join(", ")} ready to run: ${appUrl}/benchmarks`,
);
