// One typed ESLint config for the whole workspace (typescript-eslint needs TypeScript's JS API,
// which is why the workspace pins TypeScript 6.0.x rather than the native TS 7 compiler).
import js from "@eslint/js";
import nextPlugin from "@next/eslint-plugin-next";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The house, held by lint (STYLE.md "Let lint hold the shape"): which workspace packages each
 * package's source may import — `contracts ← core ← {db, k8s, formats} ← services ← {api ← web,
 * worker}`: downward only (a layer may skip one below it, never reach up or sideways); leaves
 * (outbound, observability, local-postgres) import none; the CLI talks REST; the demo seed sits
 * beside the apps — and the libraries that belong to one package only. Tests may also import test
 * tooling (the harness, fixtures readers, a database, an outbound policy).
 */
const PACKAGES = {
  contracts: [],
  core: ["contracts"],
  formats: ["contracts", "core"],
  db: ["contracts", "core"],
  k8s: ["contracts", "core", "outbound"],
  outbound: [],
  observability: [],
  "local-postgres": [],
  testing: ["local-postgres", "contracts"],
  services: ["contracts", "core", "db", "formats", "k8s", "outbound"],
  api: ["contracts", "core", "db", "formats", "k8s", "outbound", "services", "observability"],
  demo: ["contracts", "core", "db", "formats", "services"],
  ui: ["contracts"],
  cli: ["contracts", "core", "formats"],
  house: [],
  web: ["api", "contracts", "core", "db", "observability", "ui"],
  worker: ["contracts", "core", "db", "formats", "k8s", "outbound", "observability", "services"],
};
/** What tests (and test support) may import besides their package's own list: test tooling. */
const TEST_TOOLING = [
  "testing",
  "local-postgres",
  "formats",
  "db",
  "outbound",
  "contracts",
  "demo",
];
const ALL = Object.keys(PACKAGES);
/** Libraries with one home: client-node objects never leave k8s; Prisma lives in db. */
const OWNED = {
  "@kubernetes/client-node": ["k8s", "testing"],
  "@prisma/*": ["db"],
  "@trpc/server": ["api", "web"],
};
const TEST_FILES = ["**/*.test.{ts,tsx}", "**/*.spec.ts", "**/test-support/**"];
const dirOf = (name) => (name === "web" || name === "worker" ? `apps/${name}` : `packages/${name}`);

function importRules(name, { test }) {
  const allowed = new Set([...PACKAGES[name], ...(test ? [...TEST_TOOLING, name] : [])]);
  const forbidden = ALL.filter((p) => !allowed.has(p));
  const patterns = [
    ...(forbidden.length
      ? [
          {
            group: forbidden.flatMap((p) => [`@meshbench/${p}`, `@meshbench/${p}/*`]),
            message: `${name} may import only ${[...PACKAGES[name]].map((p) => `@meshbench/${p}`).join(", ") || "no workspace package"} (dependency direction, ARCHITECTURE.md).`,
          },
        ]
      : []),
    {
      group: ["@meshbench/*/src/*", "@meshbench/*/src"],
      message: "Import a package through its exports, never its src.",
    },
    {
      regex:
        "^(\\.\\./)+(packages|apps)/|^(\\.\\./){2,}(api|cli|contracts|core|db|formats|k8s|local-postgres|observability|outbound|services|testing|ui|web|worker)/",
      message: "No relative imports into another package: import it by name.",
    },
    // Tests may drive the cluster as its administrator (the harness's own client-node config).
    ...Object.entries(OWNED)
      .filter(([, owners]) => !owners.includes(name) && !test)
      .map(([lib, owners]) => ({
        group: [lib, `${lib}/*`],
        message: `${lib} belongs to ${owners.join(" and ")}.`,
      })),
  ];
  return { "no-restricted-imports": ["error", { patterns }] };
}

const packageBoundaries = ALL.flatMap((name) => [
  {
    files: [`${dirOf(name)}/**/*.{ts,tsx}`],
    ignores: TEST_FILES,
    rules: importRules(name, { test: false }),
  },
  {
    files: TEST_FILES.map((t) => `${dirOf(name)}/${t}`),
    rules: importRules(name, { test: true }),
  },
]);

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/.next/**",
      "**/dist/**",
      "**/generated/**",
      "**/.turbo/**",
      ".tools/**",
      "**/next-env.d.ts",
      "**/*.config.js",
      "**/*.config.mjs",
      "**/build.mjs",
      "**/bin/**",
      "e2e/artifacts/**",
      "**/test-results/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    // Plain CommonJS preloads (node --require): no TypeScript project, no type-aware rules.
    files: ["**/*.cjs"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      sourceType: "commonjs",
      globals: { ...globals.node },
    },
    rules: {
      ...tseslint.configs.disableTypeChecked.rules,
      "@typescript-eslint/no-require-imports": "off",
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}", "packages/ui/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "@next/next": nextPlugin },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...nextPlugin.configs.recommended.rules,
      "@next/next/no-html-link-for-pages": "off",
    },
  },
  {
    // End-to-end tests read JSON bodies of HTTP responses; asserting on them is the point, so the
    // no-unsafe-* family (which wants every response body typed) is relaxed there only.
    files: ["e2e/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-unsafe-call": "off",
    },
  },
  ...packageBoundaries,
  {
    // Configuration is read once, in the apps' env.ts (validated at start). Excepted, because
    // they are the edge where configuration enters: scripts (and the demo seed's entry), bench,
    // e2e, test setup and test tooling, the web's build mode (read by the request proxy, which must
    // not evaluate env.ts's check), (packages/testing, local-postgres), the CLI's process
    // edge (io.ts/env.ts: where the real process becomes a CliIo), and Prisma's CLI config.
    files: ["packages/**/*.{ts,tsx}", "apps/**/*.{ts,tsx}"],
    ignores: [
      "apps/*/src/env.ts",
      "apps/web/src/build-mode.ts",
      "packages/cli/src/env.ts",
      "packages/cli/src/io.ts",
      "packages/demo/src/cli.ts",
      "packages/testing/**",
      "packages/local-postgres/**",
      "packages/db/prisma.config.ts",
      ...TEST_FILES,
      "**/vitest*.config.ts",
    ],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message: "Read configuration in the app's env.ts and pass values in (STYLE.md).",
        },
      ],
    },
  },
  {
    // Small files: a source file over 300 lines holds more than one concern.
    files: ["packages/**/*.{ts,tsx}", "apps/**/*.{ts,tsx}"],
    ignores: [...TEST_FILES, "**/generated/**", "**/*.embedded.ts"],
    rules: { "max-lines": ["error", { max: 300, skipBlankLines: false, skipComments: false }] },
  },
);
