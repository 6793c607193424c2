import { parse as parseYaml } from "yaml";
import { describe, expect, it } from "vitest";
import { runCli } from "../cli";
import type { CliIo, ProgramResult, RunOptions } from "../io";

const TOKEN = "eyJhbGciOiJSUzI1NiJ9.sa-token.sig";
const CA = Buffer.from("-----BEGIN CERTIFICATE-----\nsecret-ca\n").toString("base64");
const VIEW = {
  clusters: [
    {
      name: "arn:aws:eks:eu-west-1:1:cluster/prod",
      cluster: { server: "https://prod.eks.example:443", "certificate-authority-data": "VIEWCA" },
    },
  ],
  users: [{ name: "u", user: { exec: { command: "aws", args: ["eks", "get-token"] } } }],
};

type Call = { file: string; args: string[]; input?: string };

/** A kubectl that answers like a cluster would; `fail` makes one subcommand fail like kubectl. */
function fakeKubectl(
  options: { fail?: string; emptyPolls?: number; view?: unknown; missing?: boolean } = {},
) {
  const calls: Call[] = [];
  let polls = 0;
  const run = (file: string, args: string[], o: RunOptions): Promise<ProgramResult> => {
    calls.push({ file, args, input: o.input });
    if (options.missing)
      return Promise.reject(Object.assign(new Error("spawn kubectl ENOENT"), { code: "ENOENT" }));
    const verb = (args[0] === "--context" ? args.slice(2) : args)[0];
    const ok = (stdout: string) => Promise.resolve({ code: 0, stdout, stderr: "" });
    if (verb === options.fail)
      return Promise.resolve({ code: 1, stdout: "", stderr: `error: ${verb} refused\nmore` });
    if (verb === "config") return ok(JSON.stringify(options.view ?? VIEW));
    if (verb === "apply") return ok("applied\n");
    if (verb === "delete") return ok("");
    polls += 1;
    const filled = polls > (options.emptyPolls ?? 0);
    return ok(JSON.stringify({ data: filled ? { token: btoa(TOKEN), "ca.crt": CA } : {} }));
  };
  return { calls, run };
}

function io(kubectl = fakeKubectl(), reply?: (method: string, path: string) => Response) {
  const out: string[] = [];
  const err: string[] = [];
  const files: Record<string, string> = {};
  const requests: { method: string; path: string; body: unknown }[] = [];
  const value: CliIo = {
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    cwd: "/home/me",
    env: { MESHBENCH_URL: "http://mb", MESHBENCH_TOKEN: "mbt_x" },
    fetch: ((url: string, init: RequestInit) => {
      const path = url.replace("http://mb/api/v1", "");
      requests.push({ method: init.method!, path, body: JSON.parse(init.body as string) });
      return Promise.resolve(
        reply ? reply(init.method!, path) : new Response(null, { status: 500 }),
      );
    }) as typeof fetch,
    readFile: () => Promise.reject(new Error("no files")),
    writePrivateFile: (file, text) => Promise.resolve(void (files[file] = text)),
    writeFile: () => Promise.reject(new Error("only private files in this test")),
    runProgram: kubectl.run,
    sleep: () => Promise.resolve(),
    isTty: false,
  };
  return { io: value, out: () => out.join(""), err: () => err.join(""), files, requests };
}

const check = (status: string, missing: string[] = []) =>
  Response.json({
    cluster: { id: "c1", name: "prod", status, statusMessage: missing.length ? "m" : null },
    validation: { reachable: true, missing, permissions: [], error: null },
  });

/** Every key of a parsed YAML tree, at every level. */
const keysOf = (node: unknown): string[] =>
  node && typeof node === "object"
    ? Object.entries(node).flatMap(([k, v]) => [...(Array.isArray(node) ? [] : [k]), ...keysOf(v)])
    : [];

describe("meshbench cluster connect", () => {
  it("runs kubectl with argument arrays only, applies the RBAC on stdin, prints an inline kubeconfig", async () => {
    const kubectl = fakeKubectl({ emptyPolls: 2 });
    const m = io(kubectl);
    expect(await runCli(["cluster", "connect", "--context", "prod; rm -rf /"], m.io)).toBe(0);
    for (const c of kubectl.calls) {
      expect(c.file).toBe("kubectl");
      expect(c.args.slice(0, 2)).toEqual(["--context", "prod; rm -rf /"]);
    }
    expect(kubectl.calls.map((c) => c.args[2])).toEqual(["config", "apply", "get", "get", "get"]);
    const apply = kubectl.calls.find((c) => c.args[2] === "apply")!;
    expect(apply.args).toEqual(["--context", "prod; rm -rf /", "apply", "-f", "-"]);
    expect(apply.input).toContain("kind: ServiceAccount");
    expect(apply.input).toContain("type: kubernetes.io/service-account-token");
    expect(apply.input).not.toContain("meshbench-bundles");

    const config = parseYaml(m.out()) as Record<string, unknown>;
    expect(config).toEqual({
      apiVersion: "v1",
      kind: "Config",
      clusters: [
        {
          name: "meshbench-target",
          cluster: {
            server: "https://prod.eks.example:443",
            "certificate-authority-data": "VIEWCA",
          },
        },
      ],
      users: [{ name: "meshbench", user: { token: TOKEN } }],
      contexts: [
        {
          name: "meshbench@meshbench-target",
          context: { cluster: "meshbench-target", user: "meshbench" },
        },
      ],
      "current-context": "meshbench@meshbench-target",
    });
    expect(keysOf(config).filter((k) => /exec|auth-provider|file|proxy/i.test(k))).toEqual([]);
    expect(m.err()).toContain("applied Namespace/meshbench-system, ServiceAccount/meshbench");
  });

  it("takes the Secret's ca.crt when the context has no CA data, keeps tls-server-name, applies bundles on request", async () => {
    const view = {
      clusters: [{ cluster: { server: "https://10.0.0.1", "tls-server-name": "api.internal" } }],
    };
    const kubectl = fakeKubectl({ view });
    const m = io(kubectl);
    const argv = [
      "cluster",
      "connect",
      "--with-bundles",
      "--kubectl",
      "bin/kubectl",
      "--name",
      "lab",
    ];
    expect(await runCli(argv, m.io)).toBe(0);
    expect(kubectl.calls.every((c) => c.file === "/home/me/bin/kubectl")).toBe(true);
    expect(kubectl.calls[0]!.args[0]).toBe("config"); // no --context: kubectl's current one
    expect(kubectl.calls.find((c) => c.args[0] === "apply")!.input).toContain("meshbench-bundles");
    const config = parseYaml(m.out()) as { clusters: { cluster: Record<string, string> }[] };
    expect(config.clusters[0]!.cluster).toEqual({
      server: "https://10.0.0.1",
      "certificate-authority-data": CA,
      "tls-server-name": "api.internal",
    });
  });

  it("writes --output through the owner-only writer, not stdout; --rotate deletes the Secret first", async () => {
    const kubectl = fakeKubectl();
    const m = io(kubectl);
    expect(
      await runCli(["cluster", "connect", "--output", "mb.kubeconfig", "--rotate"], m.io),
    ).toBe(0);
    expect(m.out()).toBe("");
    expect(m.files["/home/me/mb.kubeconfig"]).toContain(`token: ${TOKEN}`);
    expect(kubectl.calls.map((c) => c.args[0])).toEqual(["config", "delete", "apply", "get"]);
    expect(kubectl.calls[1]!.args).toEqual([
      "delete",
      "secret/meshbench-token",
      "serviceaccount/meshbench",
      "--namespace",
      "meshbench-system",
      "--ignore-not-found",
    ]);
  });

  it("names the step that failed, with kubectl's first error line, and exits 3", async () => {
    for (const [fail, step] of [
      ["config", "read the server URL failed: error: config refused"],
      ["apply", "apply RBAC failed: error: apply refused"],
      ["get", "wait for the token failed: error: get refused"],
    ]) {
      const m = io(fakeKubectl({ fail }));
      expect(await runCli(["cluster", "connect"], m.io), fail).toBe(3);
      expect(m.err()).toContain(`meshbench cluster: ${step}\n`);
      expect(m.out()).toBe("");
    }
    const missing = io(fakeKubectl({ missing: true }));
    expect(await runCli(["cluster", "connect"], missing.io)).toBe(3);
    expect(missing.err()).toContain("kubectl not found (install kubectl or pass --kubectl PATH)");
    const slow = io(fakeKubectl({ emptyPolls: 1e9 }));
    expect(await runCli(["cluster", "connect", "--timeout", "0.001"], slow.io)).toBe(3);
    expect(slow.err()).toContain(
      "wait for the token failed: meshbench-system/meshbench-token has no token",
    );
  });

  it("--register posts the inline kubeconfig to /clusters and prints status and missing permissions", async () => {
    const m = io(fakeKubectl(), () =>
      check("forbidden", ["create apps/deployments: deploy the target"]),
    );
    const argv = [
      "cluster",
      "connect",
      "--register",
      "--name",
      "prod",
      "--prometheus-url",
      "http://p:9090",
    ];
    expect(await runCli(argv, m.io)).toBe(1);
    expect(m.requests).toHaveLength(1);
    const { method, path, body } = m.requests[0]!;
    expect({ method, path }).toEqual({ method: "POST", path: "/clusters" });
    const b = body as {
      name: string;
      auth: { kubeconfig: string; context: string };
      prometheusUrl: string;
    };
    expect(b).toMatchObject({
      name: "prod",
      prometheusUrl: "http://p:9090",
      auth: { mode: "kubeconfig", context: "meshbench@prod" },
    });
    expect(b.auth.kubeconfig).toContain(`token: ${TOKEN}`);
    expect(m.out()).toBe(
      'registered cluster "prod" (c1): forbidden\n  missing permission: create apps/deployments: deploy the target\n',
    );
    expect(m.out()).not.toContain(TOKEN);
    const ready = io(fakeKubectl(), () => check("ready"));
    expect(await runCli([...argv.slice(0, 5)], ready.io)).toBe(0);
  });

  it("--update puts the new kubeconfig to /clusters/{id}/credentials; server refusals name the step", async () => {
    const m = io(fakeKubectl(), () => check("ready"));
    expect(await runCli(["cluster", "connect", "--update", "c1"], m.io)).toBe(0);
    expect(m.requests[0]).toMatchObject({ method: "PUT", path: "/clusters/c1/credentials" });
    expect(Object.keys(m.requests[0]!.body as object).sort()).toEqual(["context", "kubeconfig"]);
    expect(m.out()).toBe('updated credentials of cluster "prod" (c1): ready\n');
    const refused = io(fakeKubectl(), () =>
      Response.json(
        { error: { code: "FORBIDDEN", message: "This API token lacks the clusters:write scope" } },
        { status: 403 },
      ),
    );
    expect(await runCli(["cluster", "connect", "--update", "c1"], refused.io)).toBe(3);
    expect(refused.err()).toContain(
      "update credentials: PUT /clusters/c1/credentials → 403 FORBIDDEN: This API token lacks the clusters:write scope",
    );
  });

  it("refuses bad combinations with usage (64) before running kubectl", async () => {
    for (const argv of [
      ["cluster"],
      ["cluster", "disconnect"],
      ["cluster", "connect", "--register"],
      ["cluster", "connect", "--register", "--name", "x", "--update", "c1"],
      ["cluster", "connect", "--prometheus-url", "http://p"],
      ["cluster", "connect", "--timeout", "soon"],
    ]) {
      const kubectl = fakeKubectl();
      expect(await runCli(argv, io(kubectl).io), argv.join(" ")).toBe(64);
      expect(kubectl.calls).toEqual([]);
    }
    const kubectl = fakeKubectl();
    const noToken = io(kubectl);
    noToken.io.env = {};
    expect(await runCli(["cluster", "connect", "--update", "c1"], noToken.io)).toBe(64);
    expect(kubectl.calls).toEqual([]);
    const help = io();
    expect(await runCli(["cluster", "connect", "--help"], help.io)).toBe(0);
    expect(help.out()).toContain("kubectl create token");
  });
});
