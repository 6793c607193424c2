import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** Unit tests of server code and of components rendered to markup (tsconfig keeps JSX for Next). */
export default defineConfig({
  oxc: { jsx: { runtime: "automatic" } },
  // tsconfig's "~/*" path, for route modules under test
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
});
