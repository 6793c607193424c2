/**
 * CI parity, end to end on real nodes: a CI job holding API tokens and no browser sets up and
 * judges a benchmark through the documented CLI (which talks REST) only — create a benchmark from
 * a template, edit it, register the cluster, set budgets (an admin's token), calibrate, run, wait,
 * fetch the report, export, and print the markdown verdict a PR comment would carry. The server is
 * the REST handler over the same services as the web app, and the worker the real worker process
 * (ci-server.ts); the cluster is the real-node layer's (pods really run). Test scale (3 s trials),
 * two QPS levels, 3 repetitions. The markdown verdict is printed for people.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { nodeIo, runCli, type CliIo } from "@meshbench/cli";
import { createTestDatabase } from "@meshbench/testing/postgres";
import { realNodeKubeconfig, realNodePlan } from "@meshbench/testing/real-cluster-context";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCiServer, type CiServer } from "./ci-server";

const skipped = process.env.MESHBENCH_SKIP_REAL_NODE === "1";

describe.skipIf(skipped)("a CI script through the CLI and REST only, on real nodes", () => {
  let server: CiServer;
  let drop: () => Promise<void>;
  const dir = mkdtempSync(path.join(tmpdir(), "mb-ci-"));
  const tokens = { ci: "", admin: "" };

  /** One `meshbench …` as a CI step: its exit code and what it printed. */
  async function meshbench(token: string, ...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = {
      ...nodeIo(),
      cwd: dir,
      env: { MESHBENCH_URL: server.url, MESHBENCH_TOKEN: token },
      stdout: (t) => out.push(t),
      stderr: (t) => err.push(t),
      sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 1000))),
    };
    const code = await runCli(argv, io);
    const result = { code, out: out.join(""), err: err.join("") };
    console.log(`$ meshbench ${argv.join(" ")}\n${result.out}${result.err}→ exit ${code}`);
    return result;
  }

  beforeAll(async () => {
    const test = await createTestDatabase();
    drop = test.drop;
    server = await startCiServer(test.url, realNodePlan().bridgeCidr);
    // What an admin does once in Settings → API tokens: a CI token and, apart, a budgets token.
    const { id: workspaceId } = await server.db.workspace.create({
      data: { slug: "ci", name: "CI" },
    });
    const actor = { actorUserId: null };
    const create = (
      name: string,
      scopes: Parameters<typeof server.services.tokens.create>[1]["scopes"],
    ) => server.services.tokens.create(workspaceId, { name, scopes }, actor).then((t) => t.token);
    tokens.ci = await create("ci", ["read", "benchmarks:write", "clusters:write", "runs:trigger"]);
    tokens.admin = await create("budgets", ["read", "budgets:write"]);
    writeFileSync(path.join(dir, "cluster.kubeconfig"), realNodeKubeconfig(), { mode: 0o600 });
  });
  afterAll(async () => {
    await server?.stop();
    await drop?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    "creates, calibrates, runs, reports, exports and judges — every step a CLI command",
    { timeout: 1_500_000 },
    async () => {
      const { ci, admin } = tokens;
      // 1. A benchmark from a template in one call, then edited: two QPS levels; 3 repetitions
      // (test scale's 2 give a report no intervals); one target replica (the template's 2 cover
      // both nodes, and its anti-affinity — the load generator on another node than the entry
      // pods — would leave the load generator unschedulable).
      const created = await meshbench(
        ci,
        "benchmark",
        "create",
        "--template",
        "ambient-vs-no-mesh",
        "--mesh",
        "custom",
        "--test-scale",
        "--key",
        "ci-e2e",
        "--name",
        "CI end to end",
      );
      expect(created.code).toBe(0);
      const got = await meshbench(ci, "benchmark", "get", "ci-e2e", "--json");
      const definition = JSON.parse(got.out) as {
        target: { replicas: number };
        loadMatrix: { qps: number[] };
      };
      expect(definition.target.replicas).toBe(2);
      writeFileSync(
        path.join(dir, "definition.json"),
        JSON.stringify({
          ...definition,
          target: { ...definition.target, replicas: 1 },
          loadMatrix: { ...definition.loadMatrix, qps: [100, 200] },
          repetitions: 3,
        }),
      );
      const updated = await meshbench(
        ci,
        "benchmark",
        "update",
        "ci-e2e",
        "--file",
        "definition.json",
      );
      expect(updated.code).toBe(0);
      expect(updated.out).toContain("qps: 100, 200");
      expect(updated.out).toContain("12 trials: 3 × 3 s");

      // 2. The cluster, registered and validated with the CI token (clusters:write).
      const registered = await meshbench(
        ci,
        "cluster",
        "register",
        "--name",
        "real-node",
        "--kubeconfig",
        "cluster.kubeconfig",
      );
      expect(registered.code).toBe(0);
      expect(registered.out).not.toContain("token");
      expect((await meshbench(ci, "cluster", "validate", "real-node")).code).toBe(0);

      // 3. Budgets: the CI token may not set them; the admin's budgets token does.
      writeFileSync(
        path.join(dir, "budgets.json"),
        JSON.stringify({
          minRepetitions: 3,
          rules: [
            {
              kind: "overhead",
              statistic: "p50",
              baselineVariant: "no-mesh",
              maxPercent: 100,
              scope: {},
            },
          ],
        }),
      );
      const refused = await meshbench(ci, "budgets", "set", "ci-e2e", "--file", "budgets.json");
      expect(refused.code).toBe(3);
      expect(refused.err).toContain("403 FORBIDDEN");
      expect(
        (await meshbench(admin, "budgets", "set", "ci-e2e", "--file", "budgets.json")).code,
      ).toBe(0);

      // 4. Calibrate: the A/A run of the benchmark's baseline, waited for, its band printed.
      const calibrated = await meshbench(
        ci,
        "calibrate",
        "--cluster",
        "real-node",
        "--benchmark",
        "ci-e2e",
        "--wait",
        "--poll-ms",
        "1000",
      );
      expect(calibrated.code, calibrated.err).toBe(0);
      expect(calibrated.out).toMatch(/noise band of cluster .*: ready/);

      // 5. Run and wait: exit 0/1/2 is the verdict; 3 would be a failed run.
      const ran = await meshbench(
        ci,
        "run",
        "ci-e2e",
        "--cluster",
        "real-node",
        "--wait",
        "--poll-ms",
        "1000",
        "--json",
        "--git-branch",
        "main",
      );
      expect([0, 1, 2], ran.err).toContain(ran.code);
      const runId = (JSON.parse(ran.out) as { run: { id: string } }).run.id;

      // 6. The report (the run page's JSON), with deltas, intervals and the noise band.
      const report = await meshbench(ci, "report", runId, "--json");
      expect(report.code).toBe(0);
      const body = JSON.parse(report.out) as {
        levels: { rows: { isReference: boolean; stats: { noise?: unknown }[] }[] }[];
      };
      expect(body.levels).toHaveLength(2);
      const meshRows = body.levels.flatMap((l) => l.rows.filter((r) => !r.isReference));
      expect(meshRows.flatMap((r) => r.stats).some((s) => s.noise)).toBe(true);

      // 7. Exports: CSV and SMP files, JSON to stdout.
      for (const format of ["csv", "smp"]) {
        const exported = await meshbench(
          ci,
          "export",
          runId,
          "--format",
          format,
          "--output",
          `${format}.out`,
        );
        expect(exported.code).toBe(0);
        expect(readFileSync(path.join(dir, `${format}.out`), "utf8").length).toBeGreaterThan(100);
      }
      expect((await meshbench(ci, "export", runId, "--format", "json")).code).toBe(0);

      // 8. The benchmark's history (the history page's trend): this run, at p50.
      const trend = await meshbench(ci, "history", "show", "ci-e2e", "--statistic", "p50");
      expect(trend.code).toBe(0);
      expect(trend.out).toContain("history of ci-e2e (CI end to end): p50 over 1 run(s)");
      expect(trend.out).toMatch(/custom .*: \d+\.\d+ ms/);

      // 9. The markdown verdict, as `meshbench comment` would post it.
      const markdown = await meshbench(ci, "verdict", runId, "--format", "markdown");
      expect(markdown.code).toBe(ran.code);
      expect(markdown.out).toMatch(
        /^<!-- meshbench -->\n### .* Meshbench verdict: \*\*(PASS|FAIL|INCONCLUSIVE)\*\*/,
      );
      expect(markdown.out).toContain(`${server.url}/runs/${runId}`);
      expect(markdown.out).toMatch(/\| custom \| p99 \|.*\| \[[-−+][^|]*\] \(95%\) \|/);
      expect(markdown.out).not.toContain("too few repetitions");
      console.log(`\n===== markdown verdict of the real-node CI run =====\n${markdown.out}`);
      expect(server.errors).toEqual([]);
    },
  );
});
