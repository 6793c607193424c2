/**
 * The lint rules that hold the house's shape cannot be warnings or empty: each is proven by a
 * planted violation (linted as text at a path in the package, never written) that must be an error — an upward import (core → db), `process.env` outside
 * an env.ts, a 301-line source file, a relative import into another package, client-node outside
 * k8s — and by the clean counterpart that must not be.
 */
import path from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");

/**
 * Lints `text` as if it were the file at `relative` (nothing is written, so a parallel lint of
 * that package never sees it). Type-aware rules are switched off for these virtual files: the
 * rules under test are not type-aware, and the type checker only knows files on disk.
 */
async function ruleErrors(relative: string, text: string) {
  const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });
  const [result] = await eslint.lintText(text, { filePath: path.join(root, relative) });
  return (result?.messages ?? [])
    .filter((m) => m.severity === 2)
    .map((m) => `${m.ruleId}: ${m.message}`);
}

const long = Array.from({ length: 301 }, (_, i) => `export const line${i} = ${i};`).join("\n");

// Typed linting builds a TypeScript program on the first call: seconds on a busy 2-core machine.
describe("lint holds the house", { timeout: 120_000 }, () => {
  it("an upward import (core → db) is an error; core → contracts is not", async () => {
    const up = 'import type { Database } from "@meshbench/db";\nexport type X = Database;\n';
    const down = 'import type { TRole } from "@meshbench/contracts";\nexport type Y = TRole;\n';
    expect(await ruleErrors("packages/core/src/planted.ts", up)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*core may import only @meshbench\/contracts/),
    ]);
    expect(await ruleErrors("packages/core/src/planted.ts", down)).toEqual([]);
  });

  it("process.env outside an env.ts is an error", async () => {
    const text = "export const url = process.env.DATABASE_URL;\n";
    expect(await ruleErrors("packages/services/src/planted.ts", text)).toEqual([
      expect.stringMatching(/^no-restricted-properties: 'process.env' is restricted/),
    ]);
    expect(await ruleErrors("apps/worker/src/env.ts", text)).toEqual([]);
  });

  it("a 301-line source file is an error; 300 lines is not", async () => {
    const ok = long.split("\n").slice(0, 300).join("\n");
    expect(await ruleErrors("packages/core/src/planted.ts", long)).toEqual([
      expect.stringMatching(/^max-lines: File has too many lines \(30[12]\)/),
    ]);
    expect(await ruleErrors("packages/core/src/planted.ts", ok)).toEqual([]);
  });

  it("a relative import into another package, and client-node outside k8s, are errors", async () => {
    const deep = 'export { ZRole } from "../../contracts/src/access";\n';
    const kube =
      'import { KubeConfig } from "@kubernetes/client-node";\nexport const k = new KubeConfig();\n';
    expect((await ruleErrors("packages/services/src/planted.ts", deep)).join()).toMatch(
      /No relative imports into another package/,
    );
    expect((await ruleErrors("packages/services/src/planted.ts", kube)).join()).toMatch(
      /@kubernetes\/client-node belongs to k8s/,
    );
    expect(await ruleErrors("packages/k8s/src/planted.ts", kube)).toEqual([]);
  });
});
