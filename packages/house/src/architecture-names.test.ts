/**
 * "The home ARCHITECTURE.md names is the code that runs": every path it names exists, and every
 * code name it names is exported by our source and called by source other than its own file
 * (tests, test support and package barrels do not count). A documented home that nothing calls
 * fails here, so the reader never edits a dead twin.
 */
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const doc = readFileSync(path.join(root, "ARCHITECTURE.md"), "utf8");

/**
 * Names the document mentions that are not ours (libraries' APIs, standards). Each is here
 * because the text explains how we use it; keep the list short.
 */
const NOT_OURS = new Set([
  "loadFromOptions",
  "loadFromString",
  "loadFromFile",
  "loadFromDefault",
  "loadFromCluster",
  "applySecurityAuthentication",
  "makeApiClient",
  "maxResponseSize",
  "createCallerFactory",
  "useSuspenseQuery",
  "useTRPC",
  "QueryClient",
  "KubeConfig",
  "ResponsiveContainer",
  "PrismaClient",
]);

const isTest = (f: string) =>
  /\.(test|spec)\.tsx?$/.test(f) || /\/test-support\//.test(f) || f.startsWith("packages/testing/");
const files = execFileSync(
  "git",
  ["ls-files", "--cached", "--others", "--exclude-standard", "*.ts", "*.tsx"],
  { cwd: root, encoding: "utf8" },
)
  .split("\n")
  .filter((f) => /^(apps|packages)\//.test(f) && !f.includes("/generated/") && !isTest(f));
const text = new Map(files.map((f) => [f, readFileSync(path.join(root, f), "utf8")]));
const barrel = (f: string) => /^(apps|packages)\/[^/]+\/src\/index\.ts$/.test(f);

const tokens = [...doc.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.trim());
/** File paths (by extension) and directories (a trailing slash); label keys and URLs are not. */
const pathTokens = [
  ...new Set(
    tokens.filter(
      (t) =>
        /^[\w.@[\]-]+(\/[\w.@[\]-]+)*(\.(tsx?|sh|ya?ml|json|md|cjs|mjs|prisma)|\/)$/.test(t) &&
        t.includes("/"),
    ),
  ),
];
const codeNames = [
  ...new Set(
    tokens
      .map((t) => t.replace(/\(\)$/, ""))
      .filter((t) => /^[A-Za-z_$][\w$]*$/.test(t) && /[a-z][A-Z]|^[A-Z][a-z]+[A-Z]/.test(t))
      .filter((t) => !NOT_OURS.has(t) && !models.has(t)),
  ),
];

const tracked = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
  cwd: root,
  encoding: "utf8",
}).split("\n");

/** A path the document names: from the root, or the tail of a tracked path (`steps/trial.ts`). */
function resolves(p: string) {
  if (existsSync(path.join(root, p))) return true;
  const tail = `/${p}`;
  return tracked.some((f) => (p.endsWith("/") ? `/${f}`.includes(tail) : `/${f}`.endsWith(tail)));
}
const models = new Set(
  [...readFileSync(path.join(root, "prisma/schema.prisma"), "utf8").matchAll(/^model (\w+) \{/gm)].map(
    (m) => m[1]!,
  ),
);

describe("ARCHITECTURE.md names live code", () => {
  it("names some paths and code (the checks below are not vacuous)", () => {
    expect(pathTokens.length).toBeGreaterThan(20);
    expect(codeNames.length).toBeGreaterThan(20);
  });

  it("every path it names exists", () => {
    expect(pathTokens.filter((p) => !resolves(p))).toEqual([]);
  });

  it("every code name it names is exported and called outside its own file and tests", () => {
    const dead = codeNames.filter((name) => {
      const declared = new RegExp(
        `export (?:declare )?(?:async )?(?:function\\*?|const|let|class|type|interface|enum) ${name}\\b`,
      );
      const home = files.filter((f) => declared.test(text.get(f)!));
      if (home.length === 0) return true;
      const word = new RegExp(`\\b${name}\\b`);
      return !files.some((f) => !home.includes(f) && !barrel(f) && word.test(text.get(f)!));
    });
    expect(dead).toEqual([]);
  });
});
