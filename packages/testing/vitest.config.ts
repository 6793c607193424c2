import { defineConfig } from "vitest/config";

/**
 * Unit tests only; the real-node and real-mesh layers run from the root configs
 * (vitest.real-node.config.ts, vitest.real-mesh.config.ts: pnpm test:real-node, test:real-mesh).
 */
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    exclude: ["src/**/*.real-node.test.ts", "src/**/*.real-mesh.test.ts"],
    testTimeout: 60_000,
  },
});
