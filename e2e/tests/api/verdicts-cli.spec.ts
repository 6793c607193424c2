import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import {
  baseUrl,
  bearer,
  createToken,
  FIXTURES,
  matrixTrials,
  ROOT,
  setBudgets,
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

test.beforeAll(async () => {
  token = await createToken("demo", ["read", "results:write"]);
});

test("verdicts from the real matrix: pass, fail, inconclusive", async ({ request }) => {
  // Reference on main: baseline repetitions 1–2.
  const reference = await upload(
    request,
    "matrix-verdict",
    "main",
    matrixTrials("baseline", [1, 2]),
  );
  await setBudgets("demo", "matrix-verdict", BUDGETS);

  // The other half of the baseline repetitions: same system → pass.
  const halves = await upload(
    request,
    "matrix-verdict",
    "pr-halves",
    matrixTrials("baseline", [3, 4, 5]),
  );
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

test("the meshbench CLI end to end against the server", async () => {
  const files = [100, 500, 1000].flatMap((q) =>
    [4, 5].map((r) => `fortio/matrix/nginx-qps${q}-c8-rep${r}.json`),
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
});
