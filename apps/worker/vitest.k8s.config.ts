import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** The cluster suite: real Postgres + a real apiserver with kwok (pnpm test:k8s). */
export default defineConfig({
  test: {
    include: ["src/**/*.k8s.integration.test.ts"],
    globalSetup: [
      fileURLToPath(import.meta.resolve("@meshbench/testing/global-setup")),
      fileURLToPath(import.meta.resolve("@meshbench/testing/k8s-global-setup")),
    ],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
