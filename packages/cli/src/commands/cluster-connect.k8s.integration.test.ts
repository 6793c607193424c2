import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { testKubeconfig } from "@meshbench/testing/k8s";
import { parse as parseYaml } from "yaml";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runCli } from "../cli";
import { nodeIo } from "../io";

/** Every key the inline kubeconfig may hold (the shape Meshbench accepts), at any level. */
const INLINE_KEYS = new Set([
  ...["apiVersion", "kind", "clusters", "users", "contexts", "current-context", "name"],
  ...["cluster", "server", "certificate-authority-data", "tls-server-name"],
  ...["user", "token", "context"],
]);
const keysOf = (node: unknown): string[] =>
  node && typeof node === "object"
    ? Object.entries(node).flatMap(([k, v]) => [...(Array.isArray(node) ? [] : [k]), ...keysOf(v)])
    : [];

/**
 * `meshbench cluster connect` against the real kube-apiserver of the kwok suite, with the real
 * kubectl: RBAC and token Secret created, the written kubeconfig carries data only, and its token
 * authenticates with exactly the rights of infra/rbac.
 */
describe("meshbench cluster connect (real apiserver, real kubectl)", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "mb-connect-"));
  const kubectlPath = () => path.join(inject("k8sBinDir"), "kubectl");
  /** kubectl as the admin (or with `kubeconfig`); returns exit code and output, never throws. */
  const kubectl = (args: string[], kubeconfig = path.join(dir, "admin.kubeconfig")) => {
    const r = spawnSync(kubectlPath(), [`--kubeconfig=${kubeconfig}`, ...args], {
      encoding: "utf8",
    });
    return { code: r.status, out: r.stdout.trim(), err: r.stderr.trim() };
  };
  const connect = async (args: string[], kubeconfig: string) => {
    const out: string[] = [];
    const err: string[] = [];
    const io = {
      ...nodeIo(),
      stdout: (t: string) => void out.push(t),
      stderr: (t: string) => void err.push(t),
      cwd: dir,
      env: { PATH: process.env.PATH, HOME: dir, KUBECONFIG: kubeconfig },
    };
    const code = await runCli(["cluster", "connect", "--kubectl", kubectlPath(), ...args], io);
    return { code, out: out.join(""), err: err.join("") };
  };

  beforeAll(() => {
    writeFileSync(path.join(dir, "admin.kubeconfig"), testKubeconfig(), { mode: 0o600 });
  });
  afterAll(() => {
    kubectl(["delete", "namespace", "meshbench-system", "--wait=false"]);
    kubectl(["delete", "clusterrole,clusterrolebinding", "meshbench", "meshbench-bundles"]);
    rmSync(dir, { recursive: true, force: true });
  });

  it("creates the service account, its role and token Secret, and writes an inline kubeconfig that authenticates", async () => {
    const result = await connect(
      ["--context", "testenv-admin", "--output", "mb.kubeconfig", "--name", "kwok"],
      path.join(dir, "admin.kubeconfig"),
    );
    expect(result, result.err).toMatchObject({ code: 0, out: "" });
    const file = path.join(dir, "mb.kubeconfig");
    expect(statSync(file).mode & 0o777).toBe(0o600);

    expect(kubectl(["get", "serviceaccount", "meshbench", "-n", "meshbench-system"]).code).toBe(0);
    expect(kubectl(["get", "clusterrole", "meshbench"]).code).toBe(0);
    expect(kubectl(["get", "clusterrolebinding", "meshbench"]).code).toBe(0);
    const secretType = kubectl([
      "get",
      "secret",
      "meshbench-token",
      "-n",
      "meshbench-system",
      "-o",
      "jsonpath={.type}",
    ]);
    expect(secretType.out).toBe("kubernetes.io/service-account-token");
    expect(kubectl(["get", "clusterrole", "meshbench-bundles"]).code).not.toBe(0);

    const text = readFileSync(file, "utf8");
    const config = parseYaml(text) as { users: { user: { token: string } }[] };
    const keys = keysOf(config);
    expect(keys.filter((k) => !INLINE_KEYS.has(k))).toEqual([]);
    expect(keys.filter((k) => /exec|auth-provider|-file$|^proxy/.test(k))).toEqual([]);
    expect(config.users[0]!.user.token).toMatch(/^ey/);

    const whoami = kubectl(["auth", "whoami", "-o", "jsonpath={.status.userInfo.username}"], file);
    expect(whoami).toMatchObject({
      code: 0,
      out: "system:serviceaccount:meshbench-system:meshbench",
    });
    expect(kubectl(["get", "namespaces", "-o", "name"], file)).toMatchObject({ code: 0 });
    expect(
      kubectl(["auth", "can-i", "create", "deployments.apps", "-n", "default"], file).out,
    ).toBe("yes");
    // Not granted by infra/rbac: reading Secrets, creating RBAC.
    const secrets = kubectl(["get", "secrets", "-n", "meshbench-system"], file);
    expect(secrets.code).not.toBe(0);
    expect(secrets.err).toMatch(/forbidden/i);
    expect(kubectl(["auth", "can-i", "create", "clusterrolebindings"], file).out).toBe("no");
  });

  it("--rotate issues a new token (the old one stops working); --with-bundles adds the bundles role; CA from the Secret", async () => {
    const before = path.join(dir, "mb.kubeconfig");
    // The user's kubeconfig trusts the server without CA data: the kubeconfig gets ca.crt.
    const insecure = testKubeconfig().replace(
      /certificate-authority-data: .*/,
      "insecure-skip-tls-verify: true",
    );
    writeFileSync(path.join(dir, "insecure.kubeconfig"), insecure, { mode: 0o600 });
    const result = await connect(
      ["--rotate", "--with-bundles"],
      path.join(dir, "insecure.kubeconfig"),
    );
    expect(result, result.err).toMatchObject({ code: 0 });
    expect(result.err).toContain("ClusterRole/meshbench-bundles");
    const rotated = path.join(dir, "rotated.kubeconfig");
    writeFileSync(rotated, result.out);
    const ca = (parseYaml(result.out) as { clusters: { cluster: Record<string, string> }[] })
      .clusters[0]!.cluster["certificate-authority-data"];
    expect(Buffer.from(ca!, "base64").toString()).toContain("BEGIN CERTIFICATE");

    expect(kubectl(["auth", "whoami"], rotated).code).toBe(0); // TLS verified with ca.crt
    const tokenOf = (text: string) =>
      (parseYaml(text) as { users: { user: { token: string } }[] }).users[0]!.user.token;
    expect(tokenOf(result.out)).not.toBe(tokenOf(readFileSync(before, "utf8")));
    // The apiserver caches a token's authentication for ~10 s; then the old one is refused.
    let old = kubectl(["auth", "whoami"], before);
    for (let i = 0; i < 30 && old.code === 0; i++) {
      await new Promise((r) => setTimeout(r, 1000));
      old = kubectl(["auth", "whoami"], before);
    }
    expect(old.code).not.toBe(0);
    expect(old.err).toMatch(/unauthorized|must be logged in/i);
    expect(kubectl(["get", "clusterrole", "meshbench-bundles"]).code).toBe(0);
    expect(kubectl(["auth", "can-i", "patch", "configmaps", "-n", "default"], rotated).out).toBe(
      "yes",
    );
  });

  it("names the failing step when the context does not exist", async () => {
    const result = await connect(["--context", "nope"], path.join(dir, "admin.kubeconfig"));
    expect(result.code).toBe(3);
    expect(result.err).toMatch(/^meshbench cluster: read the server URL failed: .*nope/);
  });
});
