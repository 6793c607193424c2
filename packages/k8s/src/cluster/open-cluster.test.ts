import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { parseOutboundPolicy, type Resolver } from "@meshbench/outbound";
import { afterEach, describe, expect, it } from "vitest";
import { KubeClusterGateway } from "../kube-cluster-gateway";
import { checkKubeconfig } from "./kubeconfig";
import { openCluster } from "./open-cluster";

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A plain-HTTP stand-in for an API server that records what reached it. */
async function fakeServer(answer: (req: IncomingMessage) => { status: number; body: unknown }) {
  const seen: { url: string; authorization: string | undefined }[] = [];
  const server = createServer((req, res) => {
    seen.push({ url: req.url ?? "", authorization: req.headers.authorization });
    const { status, body } = answer(req);
    res.writeHead(status, { "content-type": "application/json" });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { port: (server.address() as AddressInfo).port, seen };
}

const kubeconfig = (server: string, user: Record<string, unknown> = { token: "t0ken" }) =>
  checkKubeconfig(
    JSON.stringify({
      clusters: [{ name: "c", cluster: { server, "insecure-skip-tls-verify": true } }],
      users: [{ name: "u", user }],
      contexts: [{ name: "x", context: { cluster: "c", user: "u" } }],
    }),
  );

const versionOk = () => ({ status: 200, body: { major: "1", minor: "32", gitVersion: "v1.32.4" } });

describe("openCluster", () => {
  it("sends the checked token and nothing else to an allowed server", async () => {
    const api = await fakeServer(versionOk);
    const connection = openCluster(
      { mode: "kubeconfig", kubeconfig: kubeconfig(`http://127.0.0.1:${api.port}`), context: null },
      { policy: parseOutboundPolicy("test", "") },
    );
    const facts = await new KubeClusterGateway(connection).facts().catch(() => null);
    expect(api.seen[0]).toEqual({ url: "/version", authorization: "Bearer t0ken" });
    expect(facts === null || facts.serverVersion === "v1.32.4").toBe(true);
    expect(connection.verified).toBe(false);
  });

  it("under production, a loopback server — however it is named — receives nothing", async () => {
    const api = await fakeServer(versionOk);
    const resolver: Resolver = () => Promise.resolve(["127.0.0.1"]);
    for (const host of ["127.0.0.1", "localhost", "kube.internal.example"]) {
      const connection = openCluster(
        { mode: "kubeconfig", kubeconfig: kubeconfig(`http://${host}:${api.port}`), context: null },
        { policy: parseOutboundPolicy("production", ""), resolver },
      );
      const validation = await new KubeClusterGateway(connection).validate();
      expect(validation.reachable).toBe(false);
      expect(validation.error).toMatch(/^refused: /);
    }
    expect(api.seen).toEqual([]);
  });

  it("an unverified server's words never come back: only the HTTP status", async () => {
    const api = await fakeServer(() => ({
      status: 403,
      body: {
        kind: "Status",
        apiVersion: "v1",
        status: "Failure",
        message: "root:x:0:0:root:/root:/bin/bash SECRET-FROM-SERVER",
        code: 403,
      },
    }));
    const connection = openCluster(
      { mode: "kubeconfig", kubeconfig: kubeconfig(`http://127.0.0.1:${api.port}`), context: null },
      { policy: parseOutboundPolicy("test", "") },
    );
    const validation = await new KubeClusterGateway(connection).validate();
    expect(validation).toMatchObject({ reachable: false, error: "apiserver answered HTTP 403" });
  });

  it("a body that is not JSON, or too large, is a category, not an echo", async () => {
    const api = await fakeServer(() => ({ status: 200, body: "x".repeat(70 * 1024 * 1024) }));
    const connection = openCluster(
      { mode: "kubeconfig", kubeconfig: kubeconfig(`http://127.0.0.1:${api.port}`), context: null },
      { policy: parseOutboundPolicy("test", "") },
    );
    const validation = await new KubeClusterGateway(connection).validate();
    expect(validation.reachable).toBe(false);
    expect(validation.error).toBe("response too large");
  });

  it("a version without gitVersion is unknown, not an error", async () => {
    const api = await fakeServer((req) =>
      req.url === "/version"
        ? { status: 200, body: { major: "1", minor: "32" } }
        : req.method === "POST"
          ? { status: 201, body: { status: { allowed: true } } }
          : { status: 200, body: { kind: "NodeList", apiVersion: "v1", items: [] } },
    );
    const connection = openCluster(
      { mode: "kubeconfig", kubeconfig: kubeconfig(`http://127.0.0.1:${api.port}`), context: null },
      { policy: parseOutboundPolicy("test", "") },
    );
    const validation = await new KubeClusterGateway(connection).validate();
    expect(validation).toMatchObject({ reachable: true, serverVersion: null });
  });

  it("in-cluster mode is off unless the operator named the workspace, and fails clearly outside a pod", () => {
    const policy = parseOutboundPolicy("production", "");
    expect(() =>
      openCluster({ mode: "in_cluster", access: null, workspaceId: "w1" }, { policy }),
    ).toThrow(/not enabled for this workspace/);
    const access = { workspaceIds: ["w2"], serviceHost: null, servicePort: null };
    expect(() =>
      openCluster({ mode: "in_cluster", access, workspaceId: "w1" }, { policy }),
    ).toThrow(/not enabled for this workspace/);
    expect(() =>
      openCluster(
        {
          mode: "in_cluster",
          access: { ...access, workspaceIds: ["w1"], serviceAccountDir: "/nonexistent" },
          workspaceId: "w1",
        },
        { policy },
      ),
    ).toThrow(/Not running inside a cluster/);
  });
});
