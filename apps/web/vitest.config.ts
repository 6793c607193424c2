import { defineConfig } from "vitest/config";

/** Unit tests of server code and of components rendered to markup (tsconfig keeps JSX for Next). */
export default defineConfig({
  oxc: { jsx: { runtime: "automatic" } },
});
