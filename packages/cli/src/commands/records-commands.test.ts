import type { TRerunPlan, TRunDefinition, TVerdictRecord } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { runCli } from "../cli";
import { REPORT, VERDICT } from "../test-support/report-fixture";
import { refusal, serverIo } from "../test-support/server-io";

const BUDGETS = { confidence: 0.95, minRepetitions: 2, minSamples: 200, rules: [] };
const record = (over: Partial<TVerdictRecord>): TVerdictRecord => ({
  ...VERDICT,
  id: "v2",
  budgets: BUDGETS,
  referenceBranch: null,
  judgedAt: "2026-01-03T10:00:00.000Z",
  ...over,
});

const RUN_DEFINITION: TRunDefinition = {
  runId: "run1",
  source: "snapshot",
  snapshot: {
    definition: {
      key: "ci",
      name: "CI",
      target: { kind: "fortio-echo" },
      variants: [{ name: "ambient", mesh: "istio-ambient" }],
      loadMatrix: { qps: [100], connections: [8] },
      repetitions: 3,
    } as unknown as NonNullable<TRunDefinition["snapshot"]>["definition"],
    manifestDigests: { "target.manifests": "a".repeat(64) },
    images: ["fortio/fortio:1.69.0"],
  },
  benchmark: { id: "b1", key: "ci", name: "CI", archived: false },
  changes: [{ path: "repetitions", before: 3, after: 5 }],
};

const PLAN: TRerunPlan = {
  runId: "run1",
  clusterId: "c2",
  clusterName: "staging",
  benchmarkKey: "ci-rerun",
  differences: [{ field: "kubernetesVersion", a: "v1.31.2", b: "v1.32.0" }],
  notes: ["the cluster's meshes were not detected yet"],
};
const CLUSTERS = [
  { id: "c1", name: "prod", status: "ready" },
  { id: "c2", name: "staging", status: "ready" },
];

describe("meshbench definition", () => {
  it("prints where the definition came from, its diff against today and the snapshot's JSON", async () => {
    const m = serverIo(() => Response.json(RUN_DEFINITION));
    expect(await runCli(["definition", "run1"], m.io)).toBe(0);
    expect(m.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ["GET", "/runs/run1/definition", undefined],
    ]);
    const out = m.out();
    expect(out).toContain("definition of run run1 (snapshot)\n");
    expect(out).toContain("benchmark ci (CI) differs today at 1 path(s):\n  repetitions: 3 → 5\n");
    expect(out).toContain("images: fortio/fortio:1.69.0\n");
    expect(out).toContain(`manifest target.manifests: sha256 ${"a".repeat(64)}\n`);
    expect(JSON.parse(out.slice(out.indexOf("definition as run:\n") + 19))).toEqual(
      RUN_DEFINITION.snapshot!.definition,
    );
    const j = serverIo(() => Response.json(RUN_DEFINITION));
    expect(await runCli(["definition", "run1", "--json"], j.io)).toBe(0);
    expect(JSON.parse(j.out())).toEqual(RUN_DEFINITION);
  });

  it("an uploaded run has none; a missing run id or a stray flag is a usage error", async () => {
    const none = { ...RUN_DEFINITION, source: null, snapshot: null, benchmark: null, changes: [] };
    const m = serverIo(() => Response.json(none));
    expect(await runCli(["definition", "run1"], m.io)).toBe(0);
    expect(m.out()).toBe("run run1 has no definition (its results were uploaded)\n");
    expect(await runCli(["definition"], m.io)).toBe(64);
    expect(await runCli(["definition", "run1", "--cluster", "prod"], m.io)).toBe(64);
    expect(m.err()).toContain("--cluster");
    expect(m.requests).toHaveLength(1);
  });
});

describe("meshbench import", () => {
  const BUNDLE = { format: "meshbench.bundle", version: 1, run: { id: "far-away" } };

  it("posts the bundle with its secret mapping and one idempotency key; prints the run and missing secrets", async () => {
    const m = serverIo(() => Response.json({ runId: "imp1", missingSecrets: ["grafana-key"] }));
    m.files["/work/out/bundle.json"] = JSON.stringify(BUNDLE);
    const argv = ["import", "out/bundle.json", "--secret", "api-key=prod.api_key"];
    expect(await runCli([...argv, "--secret", "grafana-key=grafana-key"], m.io)).toBe(0);
    expect(m.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      [
        "POST",
        "/bundles",
        { bundle: BUNDLE, secrets: { "api-key": "prod.api_key", "grafana-key": "grafana-key" } },
      ],
    ]);
    expect(m.requests[0]!.headers.get("idempotency-key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(m.out()).toBe(
      "imported run imp1\nhttp://h/runs/imp1\nmissing workspace secrets (a rerun needs them): grafana-key\n",
    );
  });

  it("a bad --secret is a usage error naming the flag and nothing is sent; a file not JSON is exit 1", async () => {
    const m = serverIo(() => Response.json({ runId: "imp1", missingSecrets: [] }));
    m.files["/work/bundle.json"] = JSON.stringify(BUNDLE);
    for (const bad of ["api-key", "=x", "api-key=", "api key=x", "a=$(id)"]) {
      expect(await runCli(["import", "bundle.json", "--secret", bad], m.io)).toBe(64);
      expect(m.err()).toContain(`--secret must be bundleName=workspaceSecret`);
    }
    expect(await runCli(["import"], m.io)).toBe(64);
    m.files["/work/bad.json"] = "{ run: ";
    expect(await runCli(["import", "bad.json"], m.io)).toBe(1);
    expect(m.err()).toContain("bad.json: not JSON");
    expect(m.requests).toHaveLength(0);
  });

  it("a token without results:write is refused with the server's reason, exit 3", async () => {
    const m = serverIo(() =>
      refusal(403, "FORBIDDEN", "This API token lacks the results:write scope"),
    );
    m.files["/work/bundle.json"] = JSON.stringify(BUNDLE);
    expect(await runCli(["import", "bundle.json", "--json"], m.io)).toBe(3);
    expect(m.err()).toContain("POST /bundles → 403 FORBIDDEN");
    expect(m.out()).toBe("");
  });
});

describe("meshbench rerun-plan", () => {
  it("finds the cluster by name, asks for the plan by its id and prints the differences", async () => {
    const m = serverIo((_m, path) => Response.json(path === "/clusters" ? CLUSTERS : PLAN));
    expect(await runCli(["rerun-plan", "run1", "--cluster", "staging"], m.io)).toBe(0);
    expect(m.requests.map((r) => [r.method, r.path])).toEqual([
      ["GET", "/clusters"],
      ["GET", "/runs/run1/rerun-plan?clusterId=c2"],
    ]);
    expect(m.out()).toBe(
      [
        "rerun of run run1 on cluster staging (c2) as benchmark ci-rerun",
        "1 difference(s), the run's → the cluster's:",
        "  kubernetesVersion: v1.31.2 → v1.32.0",
        "note: the cluster's meshes were not detected yet",
        "",
      ].join("\n"),
    );
    const j = serverIo((_m, path) => Response.json(path === "/clusters" ? CLUSTERS : PLAN));
    expect(await runCli(["rerun-plan", "run1", "--cluster", "c2", "--json"], j.io)).toBe(0);
    expect(j.requests[1]?.path).toBe("/runs/run1/rerun-plan?clusterId=c2");
    expect(JSON.parse(j.out())).toEqual(PLAN);
  });

  it("no --cluster is a usage error naming it; an unknown cluster is exit 1 before any plan", async () => {
    const m = serverIo(() => Response.json(CLUSTERS));
    expect(await runCli(["rerun-plan", "run1"], m.io)).toBe(64);
    expect(m.err()).toContain("missing --cluster");
    expect(await runCli(["rerun-plan", "--cluster", "prod"], m.io)).toBe(64);
    expect(m.requests).toHaveLength(0);
    expect(await runCli(["rerun-plan", "run1", "--cluster", "nope"], m.io)).toBe(1);
    expect(m.err()).toContain('no cluster named or with id "nope"');
    expect(m.requests.map((r) => r.path)).toEqual(["/clusters"]);
  });
});

describe("meshbench verdict --recompute | --records", () => {
  it("--recompute posts the judgement and exits as verdict does (fail → 1, pass → 0)", async () => {
    const m = serverIo(() => Response.json(record({})));
    expect(await runCli(["verdict", "run1", "--recompute"], m.io)).toBe(1);
    const argv = ["verdict", "run1", "--recompute", "--reference-branch", "main", "--json"];
    const pass = serverIo(() => Response.json(record({ status: "pass" })));
    expect(await runCli(argv, pass.io)).toBe(0);
    expect([...m.requests, ...pass.requests].map((r) => [r.method, r.path, r.body])).toEqual([
      ["POST", "/runs/run1/verdict/recompute", {}],
      ["POST", "/runs/run1/verdict/recompute", { referenceBranch: "main" }],
    ]);
    expect(m.out()).toContain("judged again at 2026-01-03T10:00:00.000Z\nverdict: FAIL — run run1");
    expect(JSON.parse(pass.out())).toMatchObject({ status: "pass", id: "v2" });
  });

  it("--recompute --format markdown renders the new record, not a second read of the verdict", async () => {
    const m = serverIo((method, path) =>
      Response.json(path.endsWith("/report") ? REPORT : record({ status: "inconclusive" })),
    );
    const argv = ["verdict", "run1", "--recompute", "--format", "markdown"];
    expect(await runCli(argv, m.io)).toBe(2);
    expect(m.requests.map((r) => [r.method, r.path])).toEqual([
      ["POST", "/runs/run1/verdict/recompute"],
      ["GET", "/runs/run1/report"],
    ]);
    expect(m.out()).toContain("<!-- meshbench -->");
  });

  it("--records lists every stored judgement, newest first; --json prints them", async () => {
    const records = [
      record({ status: "pass", referenceBranch: "main" }),
      record({
        id: "v1",
        judgedAt: "2026-01-02T10:00:00.000Z",
        reference: { runId: "run0", gitBranch: "main", gitCommit: null, createdAt: "2026-01-01" },
      }),
    ];
    const m = serverIo(() => Response.json(records));
    expect(await runCli(["verdict", "run1", "--records"], m.io)).toBe(0);
    expect(m.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ["GET", "/runs/run1/verdicts", undefined],
    ]);
    expect(m.out()).toBe(
      [
        "2 verdict record(s) of run run1, newest first:",
        "  2026-01-03T10:00:00.000Z  PASS          record v2: no reference run, asked for branch main, 0 budget rule(s)",
        "  2026-01-02T10:00:00.000Z  FAIL          record v1: reference run run0 on main, 0 budget rule(s)",
        "",
      ].join("\n"),
    );
    const j = serverIo(() => Response.json(records));
    expect(await runCli(["verdict", "run1", "--records", "--json"], j.io)).toBe(0);
    expect(JSON.parse(j.out())).toEqual(records);
  });

  it("--records with --recompute, --reference-branch or --format is a usage error naming it", async () => {
    const m = serverIo(() => Response.json([]));
    for (const flag of [["--recompute"], ["--reference-branch", "main"], ["--format", "json"]]) {
      expect(await runCli(["verdict", "run1", "--records", ...flag], m.io)).toBe(64);
      expect(m.err()).toContain(`--records takes no ${flag[0]}`);
    }
    expect(await runCli(["verdict", "run1", "--recompute", "--format", "html"], m.io)).toBe(64);
    expect(m.err()).toContain("--format must be one of");
    expect(m.requests).toHaveLength(0);
  });

  it("a token without results:write cannot recompute: the server's reason, exit 3", async () => {
    const m = serverIo(() =>
      refusal(403, "FORBIDDEN", "This API token lacks the results:write scope"),
    );
    expect(await runCli(["verdict", "run1", "--recompute"], m.io)).toBe(3);
    expect(m.err()).toContain("POST /runs/run1/verdict/recompute → 403 FORBIDDEN");
  });
});
