import { describe, expect, it } from "vitest";
import { runCli } from "../cli";
import { REPORT } from "../test-support/report-fixture";
import { refusal, serverIo } from "../test-support/server-io";

const DEFINITION = {
  key: "ci",
  name: "CI",
  template: "ambient-vs-no-mesh",
  target: { kind: "fortio-echo" },
  variants: [
    { name: "no-mesh", mesh: "baseline" },
    { name: "ambient", mesh: "istio-ambient" },
  ],
  loadMatrix: { qps: [100, 500], connections: [8] },
  repetitions: 3,
  durationSeconds: 3,
  warmupSeconds: 1,
};
const DETAIL = { id: "b1", definition: DEFINITION, trialCount: 12, estimatedSeconds: 90 };
const CLUSTER = { id: "c1", name: "prod", status: "ready", statusMessage: null };
const CHECK = { cluster: CLUSTER, validation: { reachable: true, missing: [], permissions: [] } };

describe("meshbench benchmark", () => {
  it("create --template saves a template in one call, renamed; --json prints the definition", async () => {
    const m = serverIo(() => Response.json(DETAIL));
    const argv = [
      "benchmark",
      "create",
      "--template",
      "ambient-vs-no-mesh",
      "--mesh",
      "istio-ambient",
    ];
    expect(await runCli([...argv, "--test-scale", "--key", "ci", "--name", "CI"], m.io)).toBe(0);
    expect(m.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      [
        "POST",
        "/benchmarks/from-template",
        {
          template: { key: "ambient-vs-no-mesh", meshes: ["istio-ambient"], testScale: true },
          overrides: { key: "ci", name: "CI" },
        },
      ],
    ]);
    expect(m.out()).toContain("created ci: CI (template ambient-vs-no-mesh)");
    expect(m.out()).toContain("12 trials: 3 × 3 s (warm-up 1 s), about 2 min");
    const j = serverIo(() => Response.json(DETAIL));
    expect(await runCli(["benchmark", "get", "ci", "--json"], j.io)).toBe(0);
    expect(j.requests[0]).toMatchObject({ method: "GET", path: "/benchmarks/ci" });
    expect(JSON.parse(j.out())).toEqual(DEFINITION);
  });

  it("create and update --file send the file's definition; a file that is not JSON is exit 1", async () => {
    const m = serverIo(() => Response.json(DETAIL));
    m.files["/work/def.json"] = JSON.stringify(DEFINITION);
    expect(await runCli(["benchmark", "create", "--file", "def.json"], m.io)).toBe(0);
    expect(await runCli(["benchmark", "update", "old-key", "--file", "def.json"], m.io)).toBe(0);
    expect(m.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ["POST", "/benchmarks", DEFINITION],
      ["PUT", "/benchmarks/old-key", { definition: DEFINITION }],
    ]);
    m.files["/work/bad.json"] = "{ key: ";
    expect(await runCli(["benchmark", "create", "--file", "bad.json"], m.io)).toBe(1);
    expect(m.err()).toContain("bad.json: not JSON");
    expect(
      await runCli(["benchmark", "create", "--file", "def.json", "--template", "x"], m.io),
    ).toBe(64);
    expect(m.requests).toHaveLength(2);
  });

  it("a token without the scope: exit 3 with the server's reason", async () => {
    const m = serverIo(() =>
      refusal(403, "FORBIDDEN", "This API token lacks the benchmarks:write scope"),
    );
    expect(await runCli(["benchmark", "create", "--template", "istio-perf-page"], m.io)).toBe(3);
    expect(m.err()).toContain("→ 403 FORBIDDEN: This API token lacks the benchmarks:write scope");
  });
});

describe("meshbench cluster register|validate|list, calibrate", () => {
  it("registers the kubeconfig file's text and never prints it; exit 1 when not ready", async () => {
    const kubeconfig = "apiVersion: v1\nusers: [{ name: u, user: { token: sa-secret-token } }]\n";
    const m = serverIo(() =>
      Response.json({ ...CHECK, cluster: { ...CLUSTER, status: "unreachable" } }),
    );
    m.files["/work/kc.yaml"] = kubeconfig;
    const argv = [
      "cluster",
      "register",
      "--name",
      "prod",
      "--kubeconfig",
      "kc.yaml",
      "--context",
      "ctx",
    ];
    expect(await runCli(argv, m.io)).toBe(1);
    expect(m.requests[0]).toMatchObject({
      method: "POST",
      path: "/clusters",
      body: { name: "prod", auth: { mode: "kubeconfig", kubeconfig, context: "ctx" } },
    });
    expect(m.out()).toBe('registered cluster "prod" (c1): unreachable\n');
    expect(m.out() + m.err()).not.toContain("sa-secret-token");
  });

  it("validates a cluster named by name, and lists clusters", async () => {
    const m = serverIo((method, path) =>
      path === "/clusters" ? Response.json([CLUSTER]) : Response.json(CHECK),
    );
    expect(await runCli(["cluster", "validate", "prod"], m.io)).toBe(0);
    expect(m.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /clusters",
      "POST /clusters/c1/validate",
    ]);
    expect(await runCli(["cluster", "list"], m.io)).toBe(0);
    expect(m.out()).toContain("prod  c1  ready");
    expect(await runCli(["cluster", "validate", "nope"], m.io)).toBe(1);
    expect(m.err()).toContain('no cluster named or with id "nope"');
  });

  it("calibrate --wait queues the A/A run from a benchmark, waits, then prints the band", async () => {
    let polls = 0;
    const m = serverIo((method, path) => {
      if (path === "/clusters") return Response.json([CLUSTER]);
      if (path === "/benchmarks/ci") return Response.json(DETAIL);
      if (path === "/clusters/c1/calibrate")
        return Response.json({
          runId: "aa1",
          benchmarkKey: "aa",
          trialsTotal: 12,
          estimatedSeconds: 60,
        });
      if (path === "/runs/aa1")
        return Response.json({
          status: polls++ < 1 ? "running" : "succeeded",
          trialsDone: 6,
          trialsTotal: 12,
        });
      return Response.json({
        clusterId: "c1",
        status: "ready",
        runId: "aa1",
        createdAt: null,
        error: null,
        levels: [
          {
            levelKey: "k",
            requestedQps: 100,
            connections: 8,
            repetitions: 3,
            bands: { p99: [-0.05, 0.04] },
          },
        ],
      });
    });
    expect(
      await runCli(["calibrate", "--cluster", "prod", "--benchmark", "ci", "--wait"], m.io),
    ).toBe(0);
    expect(m.requests.find((r) => r.path === "/clusters/c1/calibrate")?.body).toEqual({
      benchmarkId: "b1",
    });
    expect(m.requests.at(-1)?.path).toBe("/clusters/c1/noise-band");
    expect(m.out()).toContain("100 QPS × 8 conn: p99 [-5.0%, +4.0%]");
  });

  it("run --wait writes a progress line to a CI log only when it changes", async () => {
    const states = [
      ["queued", 0],
      ["running", 0],
      ["running", 0],
      ["running", 0],
      ["running", 6],
      ["succeeded", 12],
    ] as const;
    let poll = 0;
    const m = serverIo((method, path) => {
      if (path === "/runs") return Response.json({ runId: "r1" });
      if (path === "/runs/r1") {
        const [status, trialsDone] = states[Math.min(poll++, states.length - 1)]!;
        return Response.json({ status, trialsDone, trialsTotal: 12 });
      }
      return Response.json({ status: "pass", reasons: [] });
    });
    await runCli(["run", "ci", "--cluster", "prod", "--wait", "--poll-ms", "1"], m.io);
    expect(
      m
        .err()
        .split("\n")
        .filter((l) => l.includes(" trials ")),
    ).toEqual([
      "[------------------------------] 0/12 trials queued",
      "[------------------------------] 0/12 trials running",
      "[###############---------------] 6/12 trials running",
      "[##############################] 12/12 trials succeeded",
    ]);
  });
});

describe("meshbench report, export, compare --series, share, budgets", () => {
  it("report prints each delta with its interval and noise band; --json is the page's JSON", async () => {
    const m = serverIo(() => Response.json(REPORT));
    expect(await runCli(["report", "run1", "--reference", "baseline"], m.io)).toBe(0);
    expect(m.requests[0]?.path).toBe("/runs/run1/report?reference=baseline");
    expect(m.out()).toMatch(
      /100 QPS · 8 conn\s+ambient\s+p99\s+1\.20 → 1\.30 ms\s+\+0\.10 ms, 8\.3% slower\s+\[\+1\.0%, \+15\.0%\] \(95%\)\s+beyond noise/,
    );
    const j = serverIo(() => Response.json(REPORT));
    expect(await runCli(["report", "run1", "--json"], j.io)).toBe(0);
    expect(JSON.parse(j.out())).toEqual(JSON.parse(JSON.stringify(REPORT)));
  });

  it("export writes the server's file, or prints it; smp has its own route", async () => {
    const file = {
      filename: "run1.csv",
      contentType: "text/csv",
      body: "variant,p99\nambient,1.3\n",
    };
    const m = serverIo(() => Response.json(file));
    expect(await runCli(["export", "run1", "--format", "csv", "--output", "out/"], m.io)).toBe(0);
    expect(m.files["/work/out/run1.csv"]).toBe(file.body);
    expect(await runCli(["export", "run1", "--format", "smp"], m.io)).toBe(0);
    expect(m.out()).toBe(file.body);
    expect(m.requests.map((r) => r.path)).toEqual([
      "/runs/run1/export?format=csv",
      "/runs/run1/export/smp",
    ]);
    expect(await runCli(["export", "run1", "--format", "xlsx"], m.io)).toBe(64);
  });

  it("compare --series posts the comparison state; --export downloads it", async () => {
    const m = serverIo((method, path) =>
      path === "/compare"
        ? Response.json({ state: {}, runs: [], table: { rows: [] }, environments: [] })
        : Response.json({ filename: "c.json", contentType: "application/json", body: "{}" }),
    );
    const series = [
      "--series",
      "r1~baseline~qps-100/c8/p0/http1/ka",
      "--series",
      "r2~ambient~qps-100/c8/p0/http1/ka~2",
    ];
    expect(await runCli(["compare", ...series, "--reference", "0"], m.io)).toBe(0);
    expect(await runCli(["compare", ...series, "--export", "json"], m.io)).toBe(0);
    const state = {
      items: [
        { runId: "r1", variant: "baseline", levelKey: "qps-100/c8/p0/http1/ka" },
        { runId: "r2", variant: "ambient", levelKey: "qps-100/c8/p0/http1/ka", repetition: 2 },
      ],
      reference: 0,
    };
    expect(m.requests.map((r) => [r.path, r.body])).toEqual([
      ["/compare", state],
      ["/compare/export", { state, format: "json" }],
    ]);
    expect(await runCli(["compare", "--series", "r1~baseline"], m.io)).toBe(64);
  });

  it("share create|list|revoke over /share-links, printing the public link", async () => {
    const link = {
      id: "s".repeat(43),
      kind: "run",
      runId: "run1",
      comparison: null,
      createdAt: "2026-01-01",
      revokedAt: null,
    };
    const m = serverIo((method) =>
      method === "GET"
        ? Response.json([link])
        : Response.json(method === "POST" && m.requests.length === 1 ? link : { revoked: true }),
    );
    expect(await runCli(["share", "create", "run1"], m.io)).toBe(0);
    expect(m.out()).toBe(`http://h/share/${link.id}\n`);
    expect(await runCli(["share", "list", "--run", "run1"], m.io)).toBe(0);
    expect(await runCli(["share", "revoke", link.id], m.io)).toBe(0);
    expect(m.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ["POST", "/share-links", { kind: "run", runId: "run1" }],
      ["GET", "/share-links?runId=run1", undefined],
      ["POST", `/share-links/${link.id}/revoke`, {}],
    ]);
  });

  it("budgets get prints the rules; set sends the file's budgets", async () => {
    const budgets = {
      confidence: 0.95,
      minRepetitions: 2,
      minSamples: 200,
      rules: [{ kind: "absolute", statistic: "p99", maxMs: 5 }],
    };
    const m = serverIo(() => Response.json({ benchmarkKey: "ci", budgets }));
    m.files["/work/budgets.json"] = JSON.stringify({ rules: budgets.rules });
    expect(await runCli(["budgets", "get", "ci"], m.io)).toBe(0);
    expect(m.out()).toContain("budgets of ci: 1 rule(s); 95% intervals");
    expect(await runCli(["budgets", "set", "ci", "--file", "budgets.json"], m.io)).toBe(0);
    expect(m.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ["GET", "/benchmarks/ci/budgets", undefined],
      ["PUT", "/benchmarks/ci/budgets", { budgets: { rules: budgets.rules } }],
    ]);
    expect(await runCli(["budgets", "set", "ci"], m.io)).toBe(64);
  });
});
