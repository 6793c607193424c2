/**
 * scripts/local-cluster.sh: starts a 2-node real-node cluster, prints the kubeconfig path and
 * waits; Ctrl-C (or SIGTERM) stops it and removes everything. Killed harder than that, it is
 * swept by the next start (of this or of the test suite).
 */
import { startRealCluster } from "./index";

const nodes = Number(process.env.MESHBENCH_REAL_NODES ?? "2");
const started = Date.now();
const cluster = await startRealCluster({ nodes });
console.error(
  `[real-node] ${cluster.nodes.join(", ")} Ready in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
    `apiserver ${cluster.server}; Fortio image ${cluster.images.fortio}. Ctrl-C stops and cleans up.`,
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
