import { describe, expect, it } from "vitest";
import { runCli } from "../cli";
import type { CliIo } from "../io";

/** An io whose fetch answers from `reply` and records every request (method, path, body). */
function serverIo(reply: (method: string, path: string, body: unknown) => Response) {
  const out: string[] = [];
  const err: string[] = [];
  const requests: { method: string; path: string; body: unknown }[] = [];
  const io: CliIo = {
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    cwd: "/",
    env: { MESHBENCH_URL: "http://h", MESHBENCH_TOKEN: "t" },
    fetch: ((url: string, init: RequestInit) => {
      const path = url.replace("http://h/api/v1", "");
      const body = init.body ? (JSON.parse(init.body as string) as unknown) : undefined;
      requests.push({ method: init.method ?? "GET", path, body });
      return Promise.resolve(reply(init.method ?? "GET", path, body));
    }) as typeof fetch,
    readFile: () => Promise.reject(new Error("no files")),
    writePrivateFile: () => Promise.reject(new Error("no files written in this test")),
    writeFile: () => Promise.reject(new Error("no files written in this test")),
    runProgram: () => Promise.reject(new Error("no programs in this test")),
    sleep: () => Promise.resolve(),
    isTty: false,
  };
  return { io, out: () => out.join(""), err: () => err.join(""), requests };
}

const SUMMARY = {
  key: "linkerd-vs-istio",
  name: "Linkerd vs Istio (Kinvolk)",
  writeUp: {
    title: "Benchmarking Linkerd and Istio: 2021 Redux",
    url: "https://linkerd.io/2021/11/29/linkerd-vs-istio-benchmarks-2021/",
  },
  summary: "s",
  cannotReproduce: ["emojivoto is not shipped."],
  defaultMeshes: ["linkerd", "istio-sidecar"],
  allowedMeshes: ["linkerd", "istio-sidecar"],
  maxMeshes: 3,
  modes: [{ value: "default", label: "As published" }],
  defaultMode: "default",
};
const DEFINITION = {
  key: "linkerd-vs-istio",
  name: "Linkerd vs Istio",
  target: { kind: "sample-app" },
  variants: [
    { name: "no-mesh", mesh: "baseline" },
    { name: "linkerd", mesh: "linkerd" },
  ],
  loadMatrix: {
    qps: [20, 200, 2000],
    connections: [32],
    payloadBytes: [0],
    protocols: ["http1"],
  },
  repetitions: 6,
  durationSeconds: 600,
  warmupSeconds: 30,
  methodology: { runRule: { dropWorst: 1, by: "max" } },
  reportSections: ["percentiles", "mean-sd-bars"],
};

describe("meshbench template / cancel / run --git", () => {
  it("template list prints each key with its meshes and modes; --json the raw list", async () => {
    const m = serverIo(() => Response.json([SUMMARY]));
    expect(await runCli(["template", "list"], m.io)).toBe(0);
    expect(m.requests).toEqual([{ method: "GET", path: "/templates", body: undefined }]);
    expect(m.out()).toContain("linkerd-vs-istio  Linkerd vs Istio (Kinvolk)");
    expect(m.out()).toContain("meshes: linkerd, istio-sidecar");
    const j = serverIo(() => Response.json([SUMMARY]));
    expect(await runCli(["template", "list", "--json"], j.io)).toBe(0);
    expect(JSON.parse(j.out())).toEqual([SUMMARY]);
  });

  it("template show sends the mesh choice, mode and test scale; --json prints the definition alone", async () => {
    const m = serverIo(() => Response.json({ ...SUMMARY, definition: DEFINITION }));
    const argv = ["template", "show", "linkerd-vs-istio", "--mesh", "linkerd", "--test-scale"];
    expect(await runCli([...argv, "--json"], m.io)).toBe(0);
    expect(m.requests[0]).toEqual({
      method: "POST",
      path: "/templates/linkerd-vs-istio",
      body: { meshes: ["linkerd"], testScale: true },
    });
    expect(JSON.parse(m.out())).toEqual(DEFINITION);
    const text = serverIo(() => Response.json({ ...SUMMARY, definition: DEFINITION }));
    expect(await runCli(["template", "show", "linkerd-vs-istio"], text.io)).toBe(0);
    expect(text.requests[0]!.body).toEqual({ testScale: false });
    expect(text.out()).toContain("repetitions: 6 × 600 s (warm-up 30 s); drop worst 1 by max");
    expect(text.out()).toContain("qps: 20, 200, 2000");
    expect(text.out()).toContain("cannot reproduce:\n  - emojivoto is not shipped.");
  });

  it("template usage errors exit 64; a server refusal exits 3 with its message", async () => {
    for (const argv of [
      ["template"],
      ["template", "show"],
      ["template", "list", "x"],
      ["template", "frob"],
    ])
      expect(await runCli(argv, serverIo(() => Response.json([])).io), argv.join(" ")).toBe(64);
    const bad = serverIo(() =>
      Response.json(
        {
          error: {
            code: "BAD_REQUEST",
            message: "meshes[0]: kmesh-vs-ambient takes kmesh, istio-ambient, not linkerd",
          },
        },
        { status: 400 },
      ),
    );
    expect(
      await runCli(["template", "show", "kmesh-vs-ambient", "--mesh", "linkerd"], bad.io),
    ).toBe(3);
    expect(bad.err()).toContain("400 BAD_REQUEST: meshes[0]: kmesh-vs-ambient takes kmesh");
  });

  it("cancel posts to /runs/{id}/cancel; a finished run's 409 exits 3", async () => {
    const m = serverIo(() => Response.json({ cancelled: true }));
    expect(await runCli(["cancel", "abc123"], m.io)).toBe(0);
    expect(m.requests).toEqual([{ method: "POST", path: "/runs/abc123/cancel", body: {} }]);
    expect(m.out()).toBe("cancelled run abc123\n");
    const done = serverIo(() =>
      Response.json(
        { error: { code: "CONFLICT", message: "The run is already succeeded" } },
        { status: 409 },
      ),
    );
    expect(await runCli(["cancel", "abc123"], done.io)).toBe(3);
    expect(done.err()).toContain("409 CONFLICT: The run is already succeeded");
    expect(await runCli(["cancel"], serverIo(() => Response.json({})).io)).toBe(64);
  });

  it("run sends --git-* flags and --label pairs with the start request", async () => {
    const m = serverIo(() => Response.json({ runId: "r1", trialsTotal: 1, estimatedSeconds: 1 }));
    const argv = ["run", "echo", "--cluster", "kind", "--git-branch", "feature-x"];
    argv.push("--git-commit", "abc", "--git-repo", "acme/shop", "--git-pr", "7");
    argv.push("--label", "mesh=istio", "--label", "tier=gold");
    expect(await runCli(argv, m.io)).toBe(0);
    expect(m.requests[0]).toEqual({
      method: "POST",
      path: "/runs",
      body: {
        benchmarkKey: "echo",
        clusterName: "kind",
        git: { branch: "feature-x", commit: "abc", repo: "acme/shop", pr: "7" },
        labels: { mesh: "istio", tier: "gold" },
      },
    });
    expect(await runCli(["run", "echo", "--cluster", "k", "--label", "x"], m.io)).toBe(64);
  });
});
