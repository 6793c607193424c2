import { defineConfig } from "vitest/config";

/** Unit tests only (pure manifest builders, parsers, vault); the cluster suite is vitest.k8s.config.ts. */
export default defineConfig({
  test: { exclude: ["**/node_modules/**", "**/*.k8s.integration.test.ts"], testTimeout: 60_000 },
});
