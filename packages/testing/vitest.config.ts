import { defineConfig } from "vitest/config";

/** Unit tests only; the real-node suite has its own config (vitest.real-node.config.ts). */
export default defineConfig({
  test: { include: ["src/**/*.test.ts"], exclude: ["src/**/*.real-node.test.ts"] },
});
