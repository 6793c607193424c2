/**
 * scripts/local-cluster.sh: the local 2-node real-node cluster beside an app that is already
 * running (MESHBENCH_URL, default http://localhost:$PORT or 3000), registered there as `local`
 * with the demo benchmark `local-a-a`; with `--mesh istio-ambient`, Istio ambient installed and
 * the benchmark `ambient-vs-no-mesh-whole-app` too. Ctrl-C stops the cluster and removes
 * everything it made.
 */
import path from "node:path";
import { localClusterBlocker, meshArgument, startLocalCluster } from "./lib/local-cluster";

const mesh = meshArgument(process.argv.slice(2));
const appUrl = process.env.MESHBENCH_URL ?? `http://localhost:${process.env.PORT ?? "3000"}`;
const blocker = localClusterBlocker();
if (blocker) {
  console.error(`[local-cluster] cannot start a real-node cluster here: ${blocker}`);
  process.exit(1);
}
const logFile = path.resolve(import.meta.dirname, "../.meshbench/local-cluster.log");
console.error(
  `[local-cluster] starting${mesh ? ` with ${mesh}` : ""} (first run builds binaries, ~15 min${mesh ? " and Istio, ~12 min" : ""}; log: ${logFile})`,
);
const cluster = startLocalCluster({ appUrl, logFile, log: (l) => console.error(l), mesh });
const stop = () => void cluster.stop().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
