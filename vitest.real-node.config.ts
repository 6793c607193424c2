import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The real-node layer (`pnpm test:real-node`, as root): every *.real-node.test.ts of every package
 * and app against ONE shared 2-node cluster with real pods, plus one embedded Postgres. Files run
 * one after another: they share the cluster's two cores and their timings are reported.
 * MESHBENCH_SKIP_REAL_NODE=1 skips the cluster.
 */
export default defineConfig({
  test: {
    include: ["packages/*/src/**/*.real-node.test.ts", "apps/*/src/**/*.real-node.test.ts"],
    globalSetup: [
      here("./packages/testing/src/global-setup.ts"),
      here("./packages/testing/src/real-cluster/global-setup.ts"),
    ],
    testTimeout: 300_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
