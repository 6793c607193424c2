/**
 * "The home ARCHITECTURE.md names is the code that runs": every path that ARCHITECTURE.md and
 * docs/architecture/*.md name exists, and every code name they name is exported by our source and
 * used by source other than its own file (tests, test support and package barrels do not count;
 * a name that is itself test tooling counts when another file, a test included, uses it). A
 * documented home that nothing calls fails here, so the reader never edits a dead twin.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");

const docs = [
  "ARCHITECTURE.md",
  ...readdirSync(path.join(root, "docs/architecture"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/architecture/${f}`),
];

/**
 * Names the documents mention that are not ours (libraries' APIs, standards). Each is here
 * because the text explains how we use it; keep the list short.
 */
const NOT_OURS = new Set([
  "loadFromOptions",
  "loadFromString",
  "loadFromFile",
  "loadFromDefault",
  "loadFromCluster",
  "loadAllYaml",
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
  "spawnSync",
  "parseArgs",
  "observedGeneration",
  "gatewayClassName",
  "targetRefs",
  "parametersRef",
  "PeerAuthentication",
  "AuthorizationPolicy",
  "RequestAuthentication",
  "ServiceEntry",
  "VirtualService",
  "EnvoyFilter",
  "WasmPlugin",
  "ReferenceGrant",
  "ProxyConfig",
  "ClusterRoleBinding",
  "RoleBinding",
  "ClusterRole",
  "ServiceAccount",
  "ConfigMap",
  "StatefulSet",
  "DaemonSet",
  "ReplicaSet",
  "ExternalName",
  "NodePort",
  "LoadBalancer",
  "ClusterIP",
  "BytesSent",
  "BytesReceived",
  "ResultID",
  "PodScheduled",
  "holdApplicationUntilProxyStarts",
  "jwksUri",
  "nodeName",
  "externalIPs",
  "callbackURL",
  "generateId",
  "activeOrganizationId",
  "organizationId",
  "engineType",
]);

/** Prisma models are ours but live in the schema, not in TypeScript. */
const models = new Set(
  [
    ...readFileSync(path.join(root, "prisma/schema.prisma"), "utf8").matchAll(/^model (\w+) \{/gm),
  ].map((m) => m[1]!),
);

const isTest = (f: string) =>
  /\.(test|spec)\.tsx?$/.test(f) || /\/test-support\//.test(f) || f.startsWith("packages/testing/");
const tracked = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
  cwd: root,
  encoding: "utf8",
})
  .split("\n")
  .filter((f) => f && existsSync(path.join(root, f)));
const sources = tracked.filter(
  (f) => /^(apps|packages)\/.*\.tsx?$/.test(f) && !f.includes("/generated/"),
);
const text = new Map(sources.map((f) => [f, readFileSync(path.join(root, f), "utf8")]));
const barrel = (f: string) => /^(apps|packages)\/[^/]+\/src\/index\.ts$/.test(f);

/** Inline code spans (a span may wrap across lines), fenced blocks left out. */
function codeSpans(markdown: string) {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, "");
  return [...prose.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.replace(/\s+/g, " ").trim());
}

/** File paths (by extension) and directories (a trailing slash); label keys and URLs are not. */
const isPath = (t: string) =>
  /^[\w.@[\]-]+(\/[\w.@[\]-]+)*(\.(tsx?|sh|ya?ml|json|md|cjs|mjs|prisma)|\/)$/.test(t) &&
  t.includes("/");
/** camelCase or PascalCase identifiers with an inner capital (`containerRole`, `DomainError`). */
const isCodeName = (t: string) =>
  /^[A-Za-z_$][\w$]*$/.test(t) && /[a-z][A-Z]|^[A-Z][a-z]+[A-Z]/.test(t);

/**
 * A path as the documents write it: from the root, the tail of a tracked path
 * (`steps/trial.ts`), or a package's short form without `src/` (`core/trials.ts` is
 * `packages/core/src/trials.ts`, `worker/run-trial.ts` is `apps/worker/src/run-trial.ts`).
 */
const forms = tracked.flatMap((f) => {
  const short = f.replace(/^(packages|apps)\/([^/]+)\/src\//, "$1/$2/");
  return short === f ? [`/${f}`] : [`/${f}`, `/${short}`];
});
function resolves(p: string) {
  if (existsSync(path.join(root, p))) return true;
  const tail = `/${p}`;
  return forms.some((f) => (p.endsWith("/") ? f.includes(tail) : f.endsWith(tail)));
}

/** Exported, and used by another file that counts (see the header). */
function isLive(name: string) {
  const declared = new RegExp(
    `export (?:declare )?(?:abstract )?(?:async )?(?:function\\*?|const|let|class|type|interface|enum) ${name}\\b`,
  );
  const home = sources.filter((f) => declared.test(text.get(f)!));
  if (home.length === 0) return false;
  const testTooling = home.every(isTest);
  const word = new RegExp(`\\b${name}\\b`);
  return sources.some(
    (f) =>
      !home.includes(f) && !barrel(f) && (testTooling || !isTest(f)) && word.test(text.get(f)!),
  );
}

describe.each(docs)("%s names live code", (doc) => {
  const tokens = codeSpans(readFileSync(path.join(root, doc), "utf8"));
  const pathTokens = [...new Set(tokens.filter(isPath))];
  const codeNames = [
    ...new Set(
      tokens
        .map((t) => t.replace(/\(.*\)$/, ""))
        .filter(isCodeName)
        .filter((t) => !NOT_OURS.has(t) && !models.has(t)),
    ),
  ];

  it("every path it names exists", () => {
    expect(pathTokens.filter((p) => !resolves(p))).toEqual([]);
  });

  it("every code name it names is exported and used outside its own file", () => {
    expect(codeNames.filter((name) => !isLive(name))).toEqual([]);
  });
});

describe("the check is not vacuous", () => {
  const all = docs.flatMap((d) => codeSpans(readFileSync(path.join(root, d), "utf8")));
  it("the documents name many paths and code names, ARCHITECTURE.md among them", () => {
    expect(docs).toContain("ARCHITECTURE.md");
    expect(docs.length).toBeGreaterThan(3);
    expect(all.filter(isPath).length).toBeGreaterThan(40);
    expect(all.filter(isCodeName).length).toBeGreaterThan(40);
  });

  it("a dead name and a missing path are caught", () => {
    expect(isLive("containerRole")).toBe(true);
    expect(isLive("noSuchHomeAnywhere")).toBe(false);
    expect(resolves("core/trials.ts")).toBe(true);
    expect(resolves("core/no-such-file.ts")).toBe(false);
  });
});
