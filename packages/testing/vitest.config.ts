import { defineConfig } from "vitest/config";

/** Unit tests only; the real-node suite runs from the root config (vitest.real-node.config.ts, pnpm test:real-node). */
export default defineConfig({
  test: { include: ["src/**/*.test.ts"], exclude: ["src/**/*.real-node.test.ts"] },
});
