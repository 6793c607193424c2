import { describe, expect, it } from "vitest";
import { runCli } from "../cli";
import { refusal, serverIo } from "../test-support/server-io";

const HISTORY = {
  benchmarkKey: "ci",
  benchmarkName: "CI",
  statistic: "p99",
  runs: [
    { runId: "r1", title: "a", createdAt: "2026-01-01", gitBranch: "main" },
    { runId: "r2", title: "b", createdAt: "2026-01-02", gitBranch: "main" },
  ],
  series: [
    {
      label: "ambient @ 100 QPS × 8",
      variant: "ambient",
      requestedQps: 100,
      connections: 8,
      points: [
        { runId: "r1", valueMs: 1.2, repetitions: 3 },
        { runId: "r2", valueMs: 1.5, repetitions: 3 },
      ],
    },
  ],
  budgetLines: [{ label: "p99 ≤ 5 ms", valueMs: 5, variant: null }],
  changePoints: [
    {
      seriesKey: "ambient @ 100 QPS × 8|p99",
      seriesLabel: "ambient @ 100 QPS × 8",
      variant: "ambient",
      statistic: "p99",
      runId: "r2",
      previousRunId: "r1",
      createdAt: "2026-01-02",
      beforeMs: 1.2,
      afterMs: 1.5,
      relativeChange: 0.25,
      pValue: 0.012,
      status: "open",
      decidedAt: null,
    },
  ],
};

describe("meshbench history show|decide", () => {
  it("show prints each series per run, the budget lines and the change points", async () => {
    const m = serverIo(() => Response.json(HISTORY));
    const argv = ["history", "show", "ci", "--statistic", "p99", "--git-branch", "main"];
    expect(await runCli([...argv, "--limit", "10"], m.io)).toBe(0);
    expect(m.requests.map((r) => [r.method, r.path])).toEqual([
      ["GET", "/benchmarks/ci/history?statistic=p99&gitBranch=main&limit=10"],
    ]);
    expect(m.out()).toBe(
      [
        "history of ci (CI): p99 over 2 run(s)",
        "  ambient @ 100 QPS × 8: 1.20, 1.50 ms",
        "  budget p99 ≤ 5 ms: 5.00 ms",
        "change points:",
        '  [open] ambient @ 100 QPS × 8 p99 from run r2: 1.20 → 1.50 ms (+25.0%), p=0.012; series "ambient @ 100 QPS × 8|p99"',
        "",
      ].join("\n"),
    );
    const j = serverIo(() => Response.json(HISTORY));
    expect(await runCli(["history", "show", "ci", "--json"], j.io)).toBe(0);
    expect(j.requests[0]?.path).toBe("/benchmarks/ci/history");
    expect(JSON.parse(j.out())).toEqual(HISTORY);
  });

  it("decide confirms or dismisses one change point; the series and run are required", async () => {
    const m = serverIo((_m, _p, body) =>
      Response.json({ ...(body as object), decidedAt: "2026-01-03" }),
    );
    const argv = ["--series", "ambient @ 100 QPS × 8|p99", "--run", "r2"];
    expect(await runCli(["history", "decide", "ci", "dismiss", ...argv], m.io)).toBe(0);
    expect(m.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      [
        "POST",
        "/benchmarks/ci/change-points",
        { seriesKey: "ambient @ 100 QPS × 8|p99", runId: "r2", status: "dismissed" },
      ],
    ]);
    expect(m.out()).toBe('dismissed the change point of "ambient @ 100 QPS × 8|p99" at run r2\n');
    expect(await runCli(["history", "decide", "ci", "accept", ...argv], m.io)).toBe(64);
    expect(await runCli(["history", "decide", "ci", "confirm", "--run", "r2"], m.io)).toBe(64);
    expect(await runCli(["history", "ci"], m.io)).toBe(64);
    expect(m.requests).toHaveLength(1);
  });

  it("a token without benchmarks:write is refused with the server's reason, exit 3", async () => {
    const m = serverIo(() =>
      refusal(403, "FORBIDDEN", "This API token lacks the benchmarks:write scope"),
    );
    const argv = ["history", "decide", "ci", "confirm", "--series", "s|p99", "--run", "r2"];
    expect(await runCli(argv, m.io)).toBe(3);
    expect(m.err()).toContain("403 FORBIDDEN: This API token lacks the benchmarks:write scope");
  });
});

describe("meshbench history exclude|include|compare", () => {
  it("exclude sends the reason, include takes the run back; a missing reason is a usage error", async () => {
    const m = serverIo((_m, p) =>
      Response.json(
        p.endsWith("/exclude")
          ? { runId: "r2", reason: "bad night", excludedAt: "2026-01-03", excludedByUserId: null }
          : { runId: "r2", excluded: false },
      ),
    );
    expect(await runCli(["history", "exclude", "r2", "--reason", "bad night"], m.io)).toBe(0);
    expect(await runCli(["history", "include", "r2"], m.io)).toBe(0);
    expect(await runCli(["history", "exclude", "r2"], m.io)).toBe(64);
    expect(m.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ["POST", "/runs/r2/exclude", { reason: "bad night" }],
      ["POST", "/runs/r2/include", {}],
    ]);
    expect(m.out()).toBe(
      "excluded run r2 from history, change points and baselines\nrun r2 counts in history again\n",
    );
  });

  it("compare asks for two mesh versions and prints the delta over runs with its interval", async () => {
    const delta = {
      baseline: 1.2,
      variant: 1.5,
      absolute: 0.3,
      relative: 0.25,
      interval: { confidence: 0.95, absolute: [0.2, 0.4], relative: [0.15, 0.35] },
    };
    const m = serverIo(() =>
      Response.json({
        benchmarkKey: "ci",
        statistic: "p99",
        by: "meshVersion",
        name: "istio",
        sides: {
          a: { value: "1.30", runIds: ["r1", "r2", "r3"] },
          b: { value: "1.31", runIds: ["r4", "r5", "r6"] },
        },
        method: "p99 in ms: over runs",
        series: [{ label: "ambient @ 100 QPS × 8", variant: "ambient", delta }],
      }),
    );
    const argv = ["history", "compare", "ci", "--mesh", "istio", "--a", "1.30", "--b", "1.31"];
    expect(await runCli(argv, m.io)).toBe(0);
    expect(m.requests[0]?.path).toBe(
      "/benchmarks/ci/history/compare?by=meshVersion&name=istio&a=1.30&b=1.31",
    );
    expect(m.out()).toBe(
      [
        "ci: istio version 1.30 (3 run(s)) vs 1.31 (3 run(s))",
        "  ambient @ 100 QPS × 8: 1.200 → 1.500 ms (+25.0%), 95% CI [0.200, 0.400] ms",
        "(p99 in ms: over runs)",
        "",
      ].join("\n"),
    );
    expect(await runCli(["history", "compare", "ci", "--a", "1", "--b", "2"], m.io)).toBe(64);
    expect(await runCli([...argv, "--label", "tag"], m.io)).toBe(64);
    expect(m.requests).toHaveLength(1);
  });
});
