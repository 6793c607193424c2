import { defineConfig } from "vitest/config";

// CI shares 2 cores with clusters and builds: property tests and fresh module imports get time.
export default defineConfig({ test: { testTimeout: 60_000 } });
