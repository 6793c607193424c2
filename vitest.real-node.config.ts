import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The real-node layer (`pnpm test:real-node`): every *.real-node.test.ts of the workspace in one
 * run, sharing ONE 2-node cluster with real pods (packages/testing/src/real-cluster) and one
 * embedded Postgres. Needs root; MESHBENCH_SKIP_REAL_NODE=1 skips it, and the layer says so.
 */
export default defineConfig({
  test: {
    include: [
      "packages/*/src/**/*.real-node.test.ts",
      "apps/*/src/**/*.real-node.test.ts",
      // The CI script through the CLI and REST (e2e/ci): the whole product, a token only.
      "e2e/ci/**/*.real-node.test.ts",
    ],
    globalSetup: [
      fileURLToPath(new URL("./packages/testing/src/global-setup.ts", import.meta.url)),
      fileURLToPath(
        new URL("./packages/testing/src/real-cluster/global-setup.ts", import.meta.url),
      ),
    ],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
