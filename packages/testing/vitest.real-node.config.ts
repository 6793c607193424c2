import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The real-node suite (pnpm --filter @meshbench/testing test:real-node): one 2-node cluster with
 * real pods, started by the global setup and shared by every *.real-node.test.ts of the run.
 * Needs root; MESHBENCH_SKIP_REAL_NODE=1 skips it.
 */
export default defineConfig({
  test: {
    include: ["src/**/*.real-node.test.ts"],
    globalSetup: [fileURLToPath(new URL("./src/real-cluster/global-setup.ts", import.meta.url))],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
