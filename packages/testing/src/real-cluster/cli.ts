/**
 * scripts/local-cluster.sh: starts a real-node cluster (2 nodes, MESHBENCH_REAL_NODES), with Istio
 * ambient when asked (`--mesh istio-ambient`), prints the kubeconfig path and waits; Ctrl-C (or
 * SIGTERM) stops it and removes everything. Killed harder than that, it is swept by the next
 * start (of this or of the test suites).
 */
import { parseArgs } from "node:util";
import { startRealCluster } from "./index";

const { values } = parseArgs({ options: { mesh: { type: "string" } } });
if (values.mesh !== undefined && values.mesh !== "istio-ambient") {
  console.error(`[real-node] --mesh: only istio-ambient is offered, not ${values.mesh}`);
  process.exit(2);
}
const mesh = values.mesh;
const nodes = Number(process.env.MESHBENCH_REAL_NODES ?? "2");
const started = Date.now();
const cluster = await startRealCluster({ nodes, mesh }).catch((error: unknown) => {
  console.error(`[real-node] error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
const meshLine = cluster.mesh
  ? `; ${cluster.mesh.kind} ${cluster.mesh.artifacts.version} (${cluster.mesh.artifacts.provenance})`
  : "";
console.error(
  `[real-node] ${cluster.nodes.join(", ")} Ready in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
    `apiserver ${cluster.server}; Fortio image ${cluster.images.fortio}${meshLine}. Ctrl-C stops and cleans up.`,
);
console.log(cluster.kubeconfigPath);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  const t = Date.now();
  await cluster.stop();
  const left = cluster.leftovers();
  console.error(
    `[real-node] stopped in ${((Date.now() - t) / 1000).toFixed(1)} s; left: ${left.length ? left.join(", ") : "nothing"}`,
  );
  process.exit(left.length ? 1 : 0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
setInterval(() => undefined, 1 << 30); // keep the process alive until a signal
