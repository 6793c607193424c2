import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { addCluster, baseUrl, bearer, DEMO_TOKEN, ROOT } from "./api-fixtures";

test.describe.configure({ mode: "serial" });

const cli = (args: string[]) =>
  spawnSync(path.join(ROOT, "packages/cli/bin/meshbench"), args, {
    cwd: ROOT,
    env: { ...process.env, MESHBENCH_URL: baseUrl(), MESHBENCH_TOKEN: DEMO_TOKEN },
    encoding: "utf8",
    timeout: 60_000,
  });

test("meshbench template list / show --json --test-scale against the real server", () => {
  const list = cli(["template", "list"]);
  expect(list.status, list.stderr).toBe(0);
  for (const key of [
    "ambient-vs-no-mesh",
    "elca-feature-cost",
    "linkerd-vs-istio",
    "istio-perf-page",
    "kmesh-vs-ambient",
  ])
    expect(list.stdout).toContain(key);

  const full = cli(["template", "show", "linkerd-vs-istio", "--json"]);
  expect(full.status, full.stderr).toBe(0);
  const def = JSON.parse(full.stdout) as {
    repetitions: number;
    durationSeconds: number;
    loadMatrix: { qps: number[] };
    methodology: { runRule: { dropWorst: number; by: string } };
    template: string;
  };
  expect(def).toMatchObject({ repetitions: 8, durationSeconds: 600, template: "linkerd-vs-istio" });
  expect(def.loadMatrix.qps).toEqual([20, 200, 2000]);
  expect(def.methodology.runRule).toEqual({ dropWorst: 3, by: "max" });

  const small = cli(["template", "show", "kmesh-vs-ambient", "--json", "--test-scale"]);
  expect(small.status, small.stderr).toBe(0);
  expect(JSON.parse(small.stdout)).toMatchObject({
    durationSeconds: 3,
    loadMatrix: { qps: ["max", 1024], connections: [1, 128], protocols: ["tcp", "http1"] },
  });

  const bad = cli(["template", "show", "kmesh-vs-ambient", "--mesh", "linkerd"]);
  expect(bad.status).toBe(3);
  expect(bad.stderr).toContain("400 BAD_REQUEST: meshes[0]: kmesh-vs-ambient takes kmesh");
});

test("meshbench run --git-* --label stores them; meshbench cancel cancels the queued run", async ({
  request,
}) => {
  await addCluster("demo", "kind-templates", "ready");
  const started = cli([
    "run",
    "nginx-vs-baseline",
    "--cluster",
    "kind-templates",
    "--git-branch",
    "feature-templates",
    "--git-commit",
    "c0ffee1",
    "--label",
    "mesh=istio",
    "--json",
  ]);
  expect(started.status, started.stderr).toBe(0);
  const { runId } = JSON.parse(started.stdout) as { runId: string };
  const run = await (
    await request.get(`/api/v1/runs/${runId}`, { headers: bearer(DEMO_TOKEN) })
  ).json();
  expect(run).toMatchObject({
    status: "queued",
    git: { branch: "feature-templates", commit: "c0ffee1" },
    labels: { mesh: "istio" },
  });

  const cancelled = cli(["cancel", runId]);
  expect(cancelled.status, cancelled.stderr).toBe(0);
  expect(cancelled.stdout).toBe(`cancelled run ${runId}\n`);
  const after = await (
    await request.get(`/api/v1/runs/${runId}`, { headers: bearer(DEMO_TOKEN) })
  ).json();
  expect(after.status).toBe("cancelled");
  const again = cli(["cancel", runId]);
  expect(again.status).toBe(3);
  expect(again.stderr).toBe(
    `meshbench cancel: POST /runs/${runId}/cancel → 409 CONFLICT: The run is already cancelled\n`,
  );
});
