import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** The cluster suite: `meshbench cluster connect` against a real apiserver + kwok (pnpm test:k8s). */
export default defineConfig({
  test: {
    include: ["src/**/*.k8s.integration.test.ts"],
    globalSetup: [fileURLToPath(import.meta.resolve("@meshbench/testing/k8s-global-setup"))],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
