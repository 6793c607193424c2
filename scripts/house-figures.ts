/**
 * The figures of "one step" (issue 21), printed for the tree it runs in:
 *   - source files over 300 lines (tests and generated files aside);
 *   - test-only exports: a function, const or class exported by a source file that nothing but
 *     its declaration and tests mention (package barrels' re-exports are not a use);
 *   - `duplicates --most 200` pairs with neither side a test;
 *   - tRPC procedures that reach a repository instead of a service.
 * Usage: node_modules/.bin/tsx scripts/house-figures.ts [--list] [repo dir]
 * Reads files only; prints; exit code 0.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

const args = process.argv.slice(2);
const list = args.includes("--list");
const root = path.resolve(args.find((a) => !a.startsWith("--")) ?? ".");

const git = (...a: string[]) =>
  execFileSync("git", a, { cwd: root, encoding: "utf8", maxBuffer: 64 << 20 });
const files = git("ls-files", "--cached", "--others", "--exclude-standard", "*.ts", "*.tsx")
  .split("\n")
  .filter((f) => /^(apps|packages)\//.test(f) && !f.includes("/generated/"));

const isTest = (f: string) =>
  /\.(test|spec)\.tsx?$/.test(f) ||
  /\/(test-support|testing\/src|e2e)\//.test(f) ||
  f.startsWith("packages/testing/");
const source = files.filter((f) => !isTest(f));
const text = new Map(source.map((f) => [f, readFileSync(path.join(root, f), "utf8")]));

// 1. Files over 300 lines.
const long = source
  .map((f) => ({ f, lines: text.get(f)!.split("\n").length }))
  .filter((x) => x.lines > 300)
  .sort((a, b) => b.lines - a.lines);

// 2. Test-only exports (as the before-stop hook judges them).
const exported = /^export (?:async )?(?:function\*?|const|class|let) ([A-Za-z0-9_$]+)/gm;
// A package's barrel (src/index.ts) re-exports; that is not a use. A router's index composes.
const referrers = source.filter((f) => !/^(apps|packages)\/[^/]+\/src\/index\.ts$/.test(f));
const testOnly: string[] = [];
for (const f of source) {
  for (const m of text.get(f)!.matchAll(exported)) {
    const name = m[1]!;
    const word = new RegExp(`\\b${name.replace(/\$/g, "\\$")}\\b`, "g");
    // Used by its own file beyond the declaration, or by another source file.
    const own = (text.get(f)!.match(word) ?? []).length > 1;
    const used =
      own || referrers.some((r) => r !== f && (text.get(r)!.match(word) ?? []).length > 0);
    if (!used) testOnly.push(`${f}: ${name}`);
  }
}

// 3. Duplicated runs outside tests.
let dupRows: string[] = [];
try {
  const out = execFileSync("duplicates", ["--most", "200", "--seconds", "180"], {
    cwd: root,
    encoding: "utf8",
  });
  dupRows = out
    .split("\n")
    .filter((l) => /^D\d+ /.test(l))
    .filter((l) => {
      const sides = l.split(/\s+/).filter((p) => /:\d+-\d+$/.test(p));
      return sides.length === 2 && sides.every((s) => !isTest(s.replace(/:\d+-\d+$/, "")));
    });
} catch {
  dupRows = ["(duplicates not available)"];
}

// 4. Procedures that reach a repository: `ctx.services.<name>` where createServices hands out a
//    repository under that name (the value is a repository or a repository factory's call, not a
//    service built over one).
const wiringFile = text.get("packages/services/src/create-services.ts") ?? "";
// The object createServices returns: from its `return {` to the end of the function.
const wiring = wiringFile.slice(wiringFile.lastIndexOf("\n  return {"));
const repoVars = new Set(
  [...wiringFile.matchAll(/const (\w+) = (?:observed\w+|create\w+Repository)\(/g)].map(
    (m) => m[1]!,
  ),
);
const repoKeys = new Set<string>();
for (const m of wiring.matchAll(/^\s{4}(\w+)(?::\s*([^,\n]+))?,?$/gm)) {
  const [, key, value] = m;
  if (
    value
      ? /^(?:create\w+Repository|createRateLimiter)\(/.test(value.trim()) ||
        repoVars.has(value.trim())
      : repoVars.has(key!)
  )
    repoKeys.add(key!);
}
const procedures = source.filter((f) => f.startsWith("packages/api/src/routers/"));
const reaching = procedures.filter((f) =>
  [...text.get(f)!.matchAll(/ctx\.services\.(\w+)/g)].some((m) => repoKeys.has(m[1]!)),
);

const show = (title: string, items: string[]) => {
  console.log(`${title}: ${items.length}`);
  if (list) for (const i of items) console.log(`  ${i}`);
};
console.log(`house figures for ${root}`);
show(
  "source files over 300 lines",
  long.map((x) => `${x.f} (${x.lines})`),
);
show("test-only exports", testOnly);
show("duplicated runs outside tests (duplicates --most 200)", dupRows);
show(
  `procedures that reach a repository (of ${procedures.length} procedure files; repositories: ${[...repoKeys].join(", ") || "none"})`,
  reaching,
);
