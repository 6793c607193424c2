import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import {
  addCluster,
  baseUrl,
  bearer,
  createToken,
  FIXTURES,
  matrixTrials,
  ROOT,
  setBudgets,
  DEMO_TOKEN,
} from "./api-fixtures";

test.describe.configure({ mode: "serial" });

// Regression on the pooled median: the matrix's tails are too noisy on a shared 2-core machine
// for a p99 budget to separate anything with 2–3 repetitions (see fixtures/fortio/matrix/README).
const BUDGETS = {
  minRepetitions: 2,
  rules: [
    {
      kind: "regression" as const,
      statistic: "p50" as const,
      reference: { branch: "main" },
      maxIncreasePercent: 25,
    },
  ],
};

let token: string;
const upload = async (
  request: APIRequestContext,
  benchmark: string,
  branch: string,
  trials: unknown[],
) => {
  const res = await request.post("/api/v1/results", {
    headers: bearer(token),
    data: { benchmark, git: { branch, commit: `${branch}-sha` }, trials },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).runId as string;
};
const verdictOf = async (request: APIRequestContext, runId: string) => {
  const res = await request.get(`/api/v1/runs/${runId}/verdict`, { headers: bearer(token) });
  expect(res.status()).toBe(200);
  return res.json();
};

const cli = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(path.join(ROOT, "packages/cli/bin/meshbench"), args, {
    cwd: FIXTURES,
    env: { ...process.env, MESHBENCH_URL: baseUrl(), MESHBENCH_TOKEN: token, ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
/** `pnpm meshbench …` from the repository root, as the README and the CI docs run it. */
const pnpmCli = (args: string[], env: Record<string, string> = {}) =>
  spawnSync("pnpm", ["meshbench", ...args], {
    cwd: ROOT,
    env: { ...process.env, MESHBENCH_URL: baseUrl(), MESHBENCH_TOKEN: token, ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
let passingRun: string;

test.beforeAll(async () => {
  token = await createToken("demo", ["read", "results:write"]);
});

test("verdicts from the real matrix: pass, fail, inconclusive", async ({ request }) => {
  // Reference on main: baseline repetitions 1–3 (an interval needs 3 a side).
  const reference = await upload(
    request,
    "matrix-verdict",
    "main",
    matrixTrials("baseline", [1, 2, 3]),
  );
  await setBudgets("demo", "matrix-verdict", BUDGETS);

  // Baseline repetitions 3–5: same system → pass.
  const halves = await upload(
    request,
    "matrix-verdict",
    "pr-halves",
    matrixTrials("baseline", [3, 4, 5]),
  );
  passingRun = halves;
  const pass = await verdictOf(request, halves);
  expect(pass.status, JSON.stringify(pass.reasons)).toBe("pass");
  expect(pass.reference.runId).toBe(reference);
  expect(pass.checks).toHaveLength(3);

  // nginx in front of the same server at the same QPS: a real regression → fail.
  const nginx = await upload(
    request,
    "matrix-verdict",
    "pr-nginx",
    matrixTrials("nginx", [1, 2, 3, 4, 5]),
  );
  const fail = await verdictOf(request, nginx);
  expect(fail.status).toBe("fail");
  const check = fail.checks.find(
    (c: { cell: { requestedQps: number } }) => c.cell.requestedQps === 1000,
  );
  expect(check.effect.relative).toBeGreaterThan(0.5);
  expect(check.effect.relativeInterval[0]).toBeGreaterThan(0.25);
  expect(fail.reasons.join("\n")).toMatch(/over budget — p50 .* 95% CI/);

  // One repetition per side → inconclusive by the minimum-samples rule.
  await upload(request, "matrix-single", "main", matrixTrials("baseline", [1]));
  await setBudgets("demo", "matrix-single", BUDGETS);
  const single = await upload(request, "matrix-single", "pr-single", matrixTrials("nginx", [1]));
  const inconclusive = await verdictOf(request, single);
  expect(inconclusive.status).toBe("inconclusive");
  expect(inconclusive.reasons[0]).toContain("1 valid repetition(s), at least 2 required");

  const history = await (
    await request.get("/api/v1/benchmarks/matrix-verdict/history?statistic=p50", {
      headers: bearer(token),
    })
  ).json();
  expect(history.runs.map((r: { runId: string }) => r.runId)).toEqual([reference, halves, nginx]);
  expect(history.series.map((s: { label: string }) => s.label)).toEqual([
    "baseline @ 100 QPS, 8 conn",
    "baseline @ 500 QPS, 8 conn",
    "baseline @ 1000 QPS, 8 conn",
  ]);
});

test("the meshbench CLI end to end against the server", () => {
  const files = [100, 500, 1000].flatMap((q) =>
    [3, 4, 5].map((r) => `fortio/matrix/nginx-qps${q}-c8-rep${r}.json`),
  );
  const upload = cli([
    "upload",
    ...files,
    "--benchmark",
    "matrix-verdict",
    "--variant",
    "baseline",
    "--git-branch",
    "pr-cli",
    "--git-commit",
    "c0ffee",
    "--mesh",
    "nginx",
    "--mesh-version",
    "1.22",
    "--label",
    "tag=cli",
    "--verdict",
  ]);
  expect(upload.stderr).toBe("");
  expect(upload.status, upload.stdout).toBe(1);
  expect(upload.stdout).toMatch(/^uploaded run \w+\nverdict: FAIL/);

  const json = cli([
    "upload",
    "fortio/matrix/baseline-qps100-c8-rep3.json",
    "fortio/matrix/baseline-qps100-c8-rep4.json",
    "--benchmark",
    "cli-json",
    "--json",
  ]);
  expect(json.status, json.stderr).toBe(0);
  const out = JSON.parse(json.stdout);
  const verdict = cli(["verdict", out.runId, "--json"]);
  expect(verdict.status).toBe(2); // no budgets on a new benchmark → inconclusive
  expect(JSON.parse(verdict.stdout).reasons).toEqual(["the benchmark defines no budgets"]);

  expect(cli(["verdict", out.runId], { MESHBENCH_TOKEN: "mbt_wrong" }).status).toBe(3);
  expect(cli(["verdict", out.runId], { MESHBENCH_URL: "http://127.0.0.1:9" }).status).toBe(3);
  expect(cli(["upload", "--benchmark", "x"]).status).toBe(64);

  const inspect = cli(["inspect", "fortio/matrix/nginx-qps500-c8-rep1.json", "--json"]);
  expect(inspect.status, inspect.stderr).toBe(0);
  expect(JSON.parse(inspect.stdout)).toMatchObject({ loadGenerator: "fortio", count: 2496 });

  const pass = cli(["verdict", passingRun]);
  expect(pass.status, pass.stderr).toBe(0);
  expect(pass.stdout).toMatch(
    /^verdict: PASS — run \w+ \(matrix-verdict\)\nreference: run \w+ on main/,
  );
});

test("pnpm meshbench from the repository root: paths from the root, exit codes through pnpm", () => {
  const fail = pnpmCli([
    "upload",
    ...[1, 2, 3].map((r) => `packages/formats/fixtures/fortio/matrix/nginx-qps500-c8-rep${r}.json`),
    "--benchmark",
    "matrix-verdict",
    "--git-branch",
    "pr-pnpm",
    "--verdict",
  ]);
  expect(fail.status, fail.stderr).toBe(1);
  expect(fail.stdout).toMatch(/^uploaded run \w+\nverdict: FAIL/);
  expect(pnpmCli(["verdict", passingRun]).status).toBe(0);
  expect(pnpmCli(["frobnicate"]).status).toBe(64);
});

test("meshbench run: scope, unknown and unready clusters exit 3; a ready cluster queues the run", async ({
  request,
}) => {
  const noScope = cli(["run", "nginx-vs-baseline", "--cluster", "kind-ci"]);
  expect(noScope.status).toBe(3);
  expect(noScope.stderr).toBe(
    "meshbench run: POST /runs → 403 FORBIDDEN: This API token lacks the runs:trigger scope\n",
  );
  const trigger = { MESHBENCH_TOKEN: DEMO_TOKEN };
  const unknown = cli(["run", "nginx-vs-baseline", "--cluster", "kind-ci"], trigger);
  expect(unknown.status).toBe(3);
  expect(unknown.stderr).toBe("meshbench run: POST /runs → 404 NOT_FOUND: Cluster not found\n");
  const ciOnly = cli(["run", "matrix-verdict", "--cluster", "kind-ci"], trigger);
  expect(ciOnly.status).toBe(3);
  expect(ciOnly.stderr).toContain('404 NOT_FOUND: No benchmark definition "matrix-verdict"');

  await addCluster("demo", "kind-down", "unreachable", "connect ECONNREFUSED 127.0.0.1:6443");
  const down = cli(["run", "nginx-vs-baseline", "--cluster", "kind-down", "--wait"], trigger);
  expect(down.status).toBe(3);
  expect(down.stderr).toBe(
    "meshbench run: POST /runs → 412 PRECONDITION_FAILED: The cluster kind-down is unreachable " +
      "(connect ECONNREFUSED 127.0.0.1:6443): validate it first\n",
  );

  // Ready as far as the server knows; no worker runs here, so the run stays queued.
  await addCluster("demo", "kind-ready", "ready");
  const queued = cli(["run", "nginx-vs-baseline", "--cluster", "kind-ready", "--json"], trigger);
  expect(queued.status, queued.stderr).toBe(0);
  const { runId } = JSON.parse(queued.stdout) as { runId: string };
  const run = await (
    await request.get(`/api/v1/runs/${runId}`, { headers: bearer(DEMO_TOKEN) })
  ).json();
  expect(run).toMatchObject({ status: "queued", clusterName: "kind-ready", trialsTotal: 30 });
  const waited = cli(
    [
      "run",
      "nginx-vs-baseline",
      "--cluster",
      "kind-ready",
      "--wait",
      "--timeout",
      "1",
      "--poll-ms",
      "300",
    ],
    trigger,
  );
  expect(waited.status).toBe(3);
  expect(waited.stderr).toMatch(/\[-{30}\] 0\/30 trials queued\n/);
  expect(waited.stderr).toMatch(/meshbench run: run \w+ still queued after 1 s\n$/);
});
