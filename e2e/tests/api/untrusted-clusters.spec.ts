/**
 * The attacker's view of cluster registration, at the HTTP boundary of the production server
 * started with the **production** outbound policy: a fresh sign-up owns a workspace and sends
 * hostile kubeconfigs and URLs. Nothing may run (a marker file an exec plugin or auth provider
 * would write stays absent), nothing may be read (/etc/passwd never comes back), nothing may be
 * reached (a loopback listener standing in for an internal service stays silent), and no error
 * echoes what a server or a file said.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
} from "@playwright/test";
import { localDevVaultKeys, SecretVault } from "@meshbench/services";
import { repoRoot, startAppServer, type AppServer } from "../../support/app-server";
import { withDatabaseAt } from "./api-fixtures";

let server: AppServer;
let internal: Server;
let internalConnections = 0;
let internalPort = 0;
const dir = mkdtempSync(path.join(tmpdir(), "mb-attacker-"));
const marker = path.join(dir, "ran");

test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  internal = createServer((socket) => {
    internalConnections += 1;
    socket.destroy();
  });
  await new Promise<void>((r) => internal.listen(0, "127.0.0.1", r));
  internalPort = (internal.address() as { port: number }).port;
  server = await startAppServer({
    name: "untrusted",
    logFile: path.join(repoRoot, "e2e/artifacts/untrusted-server.log"),
    env: { MESHBENCH_OUTBOUND_POLICY: "production" },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await new Promise((r) => internal.close(r));
  rmSync(dir, { recursive: true, force: true });
});

/** A stranger: signs up, creates a workspace of their own (its owner), and makes it active. */
async function signUp(): Promise<APIRequestContext> {
  const request = await playwrightRequest.newContext({ baseURL: server.baseUrl });
  const headers = { origin: server.baseUrl };
  const email = `attacker-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`;
  const signed = await request.post("/api/auth/sign-up/email", {
    headers,
    data: { name: "Mallory", email, password: "correct-horse-battery" },
  });
  expect(signed.status(), await signed.text()).toBe(200);
  const ws = await request.post("/api/auth/organization/create", {
    headers,
    data: { name: "Mallory's", slug: `mallory-${Date.now()}` },
  });
  expect(ws.status(), await ws.text()).toBe(200);
  const active = await request.post("/api/auth/organization/set-active", {
    headers,
    data: { organizationId: (await ws.json()).id },
  });
  expect(active.status()).toBe(200);
  return request;
}

const trpc = (request: APIRequestContext, procedure: string, input: unknown) =>
  request.post(`/api/trpc/${procedure}`, {
    headers: { origin: server.baseUrl },
    data: { json: input },
  });

const kubeconfig = (
  server: string,
  user: Record<string, unknown>,
  cluster: Record<string, unknown> = {},
) =>
  JSON.stringify({
    apiVersion: "v1",
    kind: "Config",
    clusters: [{ name: "c", cluster: { server, "insecure-skip-tls-verify": true, ...cluster } }],
    users: [{ name: "u", user }],
    contexts: [{ name: "x", context: { cluster: "c", user: "u" } }],
    "current-context": "x",
  });

const shell = `id > ${marker}; echo LEAK >&2; exit 1`;
const local = () => `https://api.example.test:${internalPort}`;

/** Every hostile kubeconfig the issue lists, and the key its refusal must name. */
const HOSTILE: [string, () => string, string][] = [
  [
    "exec plugin",
    () => kubeconfig(local(), { exec: { command: "sh", args: ["-c", shell] } }),
    "users[0].user.exec",
  ],
  [
    "gcp provider",
    () =>
      kubeconfig(local(), {
        "auth-provider": { name: "gcp", config: { "cmd-path": "sh", "cmd-args": `-c "${shell}"` } },
      }),
    "users[0].user.auth-provider",
  ],
  [
    "azure provider",
    () => kubeconfig(local(), { "auth-provider": { name: "azure", config: { "cmd-path": "sh" } } }),
    "users[0].user.auth-provider",
  ],
  [
    "oidc provider",
    () =>
      kubeconfig(local(), {
        "auth-provider": {
          name: "oidc",
          config: { "idp-issuer-url": `http://127.0.0.1:${internalPort}` },
        },
      }),
    "users[0].user.auth-provider",
  ],
  [
    "tokenFile provider",
    () =>
      kubeconfig(local(), {
        "auth-provider": { name: "tokenFile", config: { tokenFile: "/etc/passwd" } },
      }),
    "users[0].user.auth-provider",
  ],
  [
    "token-file /etc/passwd",
    () => kubeconfig(local(), { "token-file": "/etc/passwd" }),
    "users[0].user.token-file",
  ],
  [
    "client-certificate path",
    () =>
      kubeconfig(local(), { "client-certificate": "/etc/hostname", "client-key": "/etc/hostname" }),
    "users[0].user.client-certificate",
  ],
  [
    "certificate-authority path",
    () => kubeconfig(local(), { token: "t" }, { "certificate-authority": "/etc/passwd" }),
    "clusters[0].cluster.certificate-authority",
  ],
  [
    "socks5 proxy-url",
    () =>
      kubeconfig(local(), { token: "t" }, { "proxy-url": `socks5://127.0.0.1:${internalPort}` }),
    "clusters[0].cluster.proxy-url",
  ],
  [
    "http proxy-url",
    () => kubeconfig(local(), { token: "t" }, { "proxy-url": `http://127.0.0.1:${internalPort}` }),
    "clusters[0].cluster.proxy-url",
  ],
  [
    "file: server",
    () => kubeconfig("file:///etc/passwd", { token: "t" }),
    "clusters[0].cluster.server",
  ],
  [
    "gopher: server",
    () => kubeconfig(`gopher://127.0.0.1:${internalPort}/`, { token: "t" }),
    "clusters[0].cluster.server",
  ],
];

test("hostile kubeconfigs are refused with a 400 naming the field: nothing runs, is read or echoed", async () => {
  const attacker = await signUp();
  for (const [name, text, key] of HOSTILE) {
    for (const call of [
      () => trpc(attacker, "clusters.inspectKubeconfig", { kubeconfig: text() }),
      () =>
        trpc(attacker, "clusters.register", {
          name: `c-${name.replace(/[^a-z0-9]/gi, "-")}`,
          auth: { mode: "kubeconfig", kubeconfig: text() },
        }),
    ]) {
      const response = await call();
      const body = await response.text();
      expect(response.status(), `${name}: ${body}`).toBe(400);
      const error = JSON.parse(body).error.json;
      expect(error.data.field, name).toBe("auth.kubeconfig");
      expect(error.message, name).toContain(key);
      for (const leak of ["root:x:0", "LEAK", "uid=", "/etc/passwd"])
        expect(body, name).not.toContain(leak);
    }
  }
  expect(existsSync(marker)).toBe(false);
  const list = await (await attacker.get("/api/trpc/clusters.list")).json();
  expect(list.result.data.json).toEqual([]);
});

test("under the production policy, an internal address is refused — however it is spelt — and receives nothing", async () => {
  const attacker = await signUp();
  const spellings = [
    "127.0.0.1",
    "localhost",
    "127.1",
    "2130706433",
    "0x7f000001",
    "[::1]",
    "[::ffff:127.0.0.1]",
    "0.0.0.0",
    "169.254.169.254",
    "10.0.0.1",
  ];
  for (const host of spellings) {
    const response = await trpc(attacker, "clusters.register", {
      name: `internal-${spellings.indexOf(host)}`,
      auth: {
        mode: "kubeconfig",
        kubeconfig: kubeconfig(`http://${host}:${internalPort}`, { token: "stolen?" }),
      },
    });
    const body = await response.text();
    expect(response.status(), `${host}: ${body}`).toBe(400);
    expect(JSON.parse(body).error.json.message).toMatch(/refused|not allowed/);
  }
  const prometheus = await trpc(attacker, "clusters.register", {
    name: "prom",
    auth: { mode: "kubeconfig", kubeconfig: kubeconfig("https://1.2.3.4:6443", { token: "t" }) },
    prometheusUrl: `http://127.0.0.1:${internalPort}/`,
  });
  expect(prometheus.status()).toBe(400);
  expect((await prometheus.json()).error.json.data.field).toBe("prometheusUrl");
  expect(internalConnections).toBe(0);
});

test("in-cluster mode is not a workspace admin's choice", async () => {
  const attacker = await signUp();
  const response = await trpc(attacker, "clusters.register", {
    name: "inside",
    auth: { mode: "in_cluster" },
  });
  expect(response.status()).toBe(403);
  expect((await response.json()).error.json.message).toMatch(/not enabled for this workspace/);
});

test("a stored kubeconfig from before the rules is refused when opened, and says what to do", async () => {
  const attacker = await signUp();
  const current = await (await attacker.get("/api/trpc/workspaces.current")).json();
  const workspaceId = current.result.data.json.id as string;
  const sealed = new SecretVault(localDevVaultKeys()).seal(
    { workspaceId, purpose: "kubeconfig", name: "legacy" },
    kubeconfig(local(), { exec: { command: "sh", args: ["-c", shell] } }),
  );
  const clusterId = await withDatabaseAt(server.databaseUrl, async (db) => {
    const row = await db.cluster.create({
      data: {
        workspaceId,
        name: "legacy",
        kubeconfigCiphertext: new Uint8Array(sealed.ciphertext),
        kubeconfigKeyId: sealed.keyId,
        status: "ready",
      },
    });
    return row.id;
  });
  for (const procedure of ["clusters.validate", "clusters.refreshDetection"]) {
    const response = await trpc(attacker, procedure, { clusterId });
    expect(response.status(), procedure).toBe(412);
    expect(await response.text()).not.toContain("LEAK");
  }
  const cluster = await (
    await attacker.get(
      `/api/trpc/clusters.get?input=${encodeURIComponent(JSON.stringify({ json: { clusterId } }))}`,
    )
  ).json();
  expect(cluster.result.data.json.status).toBe("refused");
  expect(cluster.result.data.json.statusMessage).toMatch(/update the cluster's credentials/);
  expect(existsSync(marker)).toBe(false);
  expect(internalConnections).toBe(0);
});
