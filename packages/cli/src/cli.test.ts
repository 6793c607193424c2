import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./cli";
import { uploadBody } from "./commands/upload";
import { callerCwd, type CliIo } from "./io";

const fixtures = path.resolve(import.meta.dirname, "../../formats/fixtures");

function memoryIo(overrides: Partial<CliIo> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const requests: { url: string; init: RequestInit }[] = [];
  const io: CliIo = {
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    cwd: fixtures,
    env: {},
    fetch: ((url: string, init: RequestInit) => {
      requests.push({ url, init });
      return Promise.resolve(
        new Response(
          JSON.stringify({ error: { code: "UNAUTHORIZED", message: "Sign in required" } }),
          { status: 401 },
        ),
      );
    }) as typeof fetch,
    readFile: async (file) => (await import("node:fs/promises")).readFile(file, "utf8"),
    writePrivateFile: () => Promise.reject(new Error("no files written in this test")),
    writeFile: () => Promise.reject(new Error("no files written in this test")),
    runProgram: () => Promise.reject(new Error("no programs in this test")),
    sleep: () => Promise.resolve(),
    isTty: false,
    ...overrides,
  };
  return { io, out: () => out.join(""), err: () => err.join(""), requests };
}

describe("meshbench argument handling", () => {
  it("exits 64 with usage for no command, an unknown command or an unknown flag", async () => {
    expect(await runCli([], memoryIo().io)).toBe(64);
    const m = memoryIo();
    expect(await runCli(["frobnicate"], m.io)).toBe(64);
    expect(m.err()).toContain('unknown command "frobnicate"');
    const f = memoryIo();
    expect(await runCli(["inspect", "a.json", "--colour"], f.io)).toBe(64);
    expect(f.err()).toMatch(/Unknown option '--colour'/);
  });

  it("rejects a bad --format, a missing file, and compare without --", async () => {
    const a = memoryIo();
    expect(await runCli(["inspect", "x.json", "--format", "jmeter"], a.io)).toBe(64);
    const b = memoryIo();
    expect(await runCli(["inspect", "nope.json"], b.io)).toBe(1);
    expect(b.err()).toBe("meshbench inspect: nope.json: no such file\n");
    const c = memoryIo();
    expect(await runCli(["compare", "a.json", "b.json"], c.io)).toBe(64);
  });

  it("builds an upload body from files resolved against the caller's cwd, with git, mesh and labels", async () => {
    const m = memoryIo();
    const { body } = await uploadBody(
      [
        "fortio/baseline-qps100-c1.json",
        "fortio/proxy-qps100-c1.json",
        "--benchmark",
        "echo",
        "--variant",
        "istio",
        "--qps",
        "100",
        "--connections",
        "1",
        "--git-commit",
        "abc",
        "--git-branch",
        "main",
        "--mesh",
        "istio",
        "--mesh-version",
        "1.24",
        "--label",
        "tag=v1",
        "--label",
        "env=ci",
      ],
      m.io,
    );
    expect(body).toMatchObject({
      benchmark: "echo",
      variant: "istio",
      git: { commit: "abc", branch: "main" },
      mesh: { name: "istio", version: "1.24" },
      labels: { tag: "v1", env: "ci" },
    });
    expect(body.trials).toHaveLength(2);
    expect(body.trials[0]).toMatchObject({ requestedQps: 100, connections: 1 });
    expect(typeof body.trials[0]!.result).toBe("string");
  });

  it("refuses upload usage errors with 64: no --benchmark, bad numbers, bad labels, no server", async () => {
    const cases = [
      ["upload", "fortio/baseline-qps100-c1.json"],
      ["upload", "fortio/baseline-qps100-c1.json", "--benchmark", "b", "--qps", "fast"],
      ["upload", "fortio/baseline-qps100-c1.json", "--benchmark", "b", "--connections", "1.5"],
      ["upload", "fortio/baseline-qps100-c1.json", "--benchmark", "b", "--label", "novalue"],
      ["upload", "fortio/baseline-qps100-c1.json", "--benchmark", "b"],
      ["upload", "--benchmark", "b"],
    ];
    for (const argv of cases) expect(await runCli(argv, memoryIo().io), argv.join(" ")).toBe(64);
  });

  it("takes URL and token from the environment, flags winning, and maps 401 to exit 3", async () => {
    const m = memoryIo({
      env: { MESHBENCH_URL: "http://127.0.0.1:9/", MESHBENCH_TOKEN: "mbt_env" },
    });
    expect(await runCli(["verdict", "abc123", "--token", "mbt_flag"], m.io)).toBe(3);
    expect(m.requests[0]!.url).toBe("http://127.0.0.1:9/api/v1/runs/abc123/verdict");
    expect((m.requests[0]!.init.headers as Record<string, string>).authorization).toBe(
      "Bearer mbt_flag",
    );
    expect(m.err()).toBe(
      "meshbench verdict: GET /runs/abc123/verdict → 401 unauthorized (check MESHBENCH_TOKEN)\n",
    );
  });

  it("maps verdict statuses to exit codes 0/1/2 and network failures to 3", async () => {
    for (const [status, code] of [
      ["pass", 0],
      ["fail", 1],
      ["inconclusive", 2],
    ] as const) {
      const verdict = {
        runId: "r1",
        benchmarkKey: "b",
        status,
        reasons: ["x"],
        checks: [],
        reference: null,
        method: "m",
        seed: 1,
      };
      const m = memoryIo({
        env: { MESHBENCH_URL: "http://h", MESHBENCH_TOKEN: "t" },
        fetch: (() => Promise.resolve(Response.json(verdict))) as unknown as typeof fetch,
      });
      expect(await runCli(["verdict", "r1"], m.io)).toBe(code);
      expect(m.out()).toContain(`verdict: ${status.toUpperCase()}`);
    }
    const down = memoryIo({
      env: { MESHBENCH_URL: "http://h", MESHBENCH_TOKEN: "t" },
      fetch: (() =>
        Promise.reject(
          new TypeError("fetch failed", { cause: { code: "ECONNREFUSED" } }),
        )) as unknown as typeof fetch,
    });
    expect(await runCli(["verdict", "r1"], down.io)).toBe(3);
    expect(down.err()).toContain("cannot reach http://h: ECONNREFUSED");
  });

  it("resolves files against INIT_CWD only when started as a package script", () => {
    const script = { npm_package_json: "/repo/package.json", INIT_CWD: "/repo/docs" };
    expect(callerCwd(script, "/repo")).toBe("/repo/docs");
    // Spawned from inside another pnpm process (a test runner, a CI step after cd): stale INIT_CWD.
    expect(callerCwd({ INIT_CWD: "/repo/e2e" }, "/work/ci")).toBe("/work/ci");
    expect(callerCwd({ ...script, INIT_CWD: "/repo/e2e" }, "/work/ci")).toBe("/work/ci");
  });

  it("sends one Idempotency-Key per upload invocation", async () => {
    const m = memoryIo({ env: { MESHBENCH_URL: "http://h", MESHBENCH_TOKEN: "t" } });
    await runCli(
      ["upload", "fortio/baseline-qps100-c1.json", "--benchmark", "b", "--idempotency-key", "k-1"],
      m.io,
    );
    expect((m.requests[0]!.init.headers as Record<string, string>)["idempotency-key"]).toBe("k-1");
  });
});

describe("meshbench inspect / compare on real fixtures", () => {
  it("prints the canonical trial as JSON in ms", async () => {
    const m = memoryIo();
    expect(
      await runCli(["inspect", "fortio/matrix/baseline-qps500-c8-rep1.json", "--json"], m.io),
    ).toBe(0);
    const json = JSON.parse(m.out()) as Record<string, unknown>;
    expect(json).toMatchObject({
      loadGenerator: "fortio",
      requestedQps: 500,
      connections: 8,
      count: 2496,
      errors: 0,
    });
    expect(json.p50Ms).toBeCloseTo(0.363, 2);
    expect(Object.keys(json)).toEqual(
      expect.arrayContaining([
        "avgMs",
        "p75Ms",
        "p90Ms",
        "p99Ms",
        "p999Ms",
        "p9999Ms",
        "maxMs",
        "validityFlags",
      ]),
    );
  });

  it("exits 1 with the importer's one-line message on invalid input", async () => {
    const m = memoryIo({ readFile: () => Promise.resolve('{"not":"a result"}') });
    expect(await runCli(["inspect", "x.json", "--format", "fortio"], m.io)).toBe(1);
    expect(m.err().trim().split("\n")).toHaveLength(1);
    expect(m.err()).toMatch(/^meshbench inspect: x\.json: /);
  });

  it("compares baseline and nginx repetitions with the '% slower' wording", async () => {
    const m = memoryIo();
    const files = (v: string) => [1, 2, 3].map((r) => `fortio/matrix/${v}-qps1000-c8-rep${r}.json`);
    expect(await runCli(["compare", ...files("baseline"), "--", ...files("nginx")], m.io)).toBe(0);
    expect(m.out()).toMatch(/p50 .* slower/);
    expect(m.out()).toContain("pooled-histograms");
  });
});
