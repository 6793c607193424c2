// Bundles the worker into one ESM file (dist/main.js) for `node dist/main.js`: the workspace
// packages are TypeScript sources, so they must be compiled in; third-party code is bundled
// too, which keeps the container image free of node_modules except what cannot be bundled.
import { build } from "esbuild";

const result = await build({
  entryPoints: ["src/main.ts"],
  outfile: "dist/main.js",
  bundle: true,
  platform: "node",
  target: "node24",
  format: "esm",
  sourcemap: true,
  // pg's optional native binding; never installed.
  external: ["pg-native"],
  // CommonJS dependencies call require() for Node built-ins.
  banner: {
    js: 'import { createRequire as __mbCreateRequire } from "node:module"; const require = __mbCreateRequire(import.meta.url);',
  },
  logLevel: "warning",
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
console.log(`dist/main.js: ${(bytes / 1024 / 1024).toFixed(1)} MiB (with source map)`);
