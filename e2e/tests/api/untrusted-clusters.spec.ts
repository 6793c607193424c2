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
import { hostileKubeconfigs, kubeconfig } from "../../support/hostile-kubeconfigs";
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

const HOSTILE = hostileKubeconfigs(marker, () => internalPort);

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
  const execPlugin = HOSTILE.find(([name]) => name === "exec plugin")![1]();
  const sealed = new SecretVault(localDevVaultKeys()).seal(
    { workspaceId, purpose: "kubeconfig", name: "legacy" },
    execPlugin,
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
