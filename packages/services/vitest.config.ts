import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    globalSetup: [fileURLToPath(import.meta.resolve("@meshbench/testing/global-setup"))],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
