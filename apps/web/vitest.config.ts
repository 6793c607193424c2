import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** Unit tests of server code and of components rendered to markup (tsconfig keeps JSX for Next). */
export default defineConfig({
  oxc: { jsx: { runtime: "automatic" } },
  // tsconfig's "~/*" path, for route modules under test
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  // Route tests import whole route modules fresh (vi.resetModules): seconds on a busy machine.
  test: { testTimeout: 60_000 },
});
