import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { parseOutboundPolicy } from "@meshbench/outbound";

/** The rules the api tests run under: the `test` outbound policy (loopback only), as CI does. */
export const TEST_CLUSTER_RULES = { outboundPolicy: parseOutboundPolicy("test", "") };

/**
 * The few read endpoints cluster validation and mesh detection call, answered over real HTTP
 * (an empty cluster that allows everything), so the matrix drives the real KubeClusterGateway
 * instead of mocking client-node. Not a Kubernetes emulation: anything else is a 404 Status.
 */
const list = (kind: string, apiVersion = "v1") => ({ apiVersion, kind, metadata: {}, items: [] });

const GET: Record<string, unknown> = {
  "/version": { major: "1", minor: "33", gitVersion: "v1.33.0-fake", platform: "linux/amd64" },
  "/api/v1/nodes": list("NodeList"),
  "/api/v1/namespaces": list("NamespaceList"),
  "/apis/apps/v1/deployments": list("DeploymentList", "apps/v1"),
  "/apis/apps/v1/daemonsets": list("DaemonSetList", "apps/v1"),
  "/apis": { kind: "APIGroupList", apiVersion: "v1", groups: [] },
};

async function body(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : {};
}

function send(res: ServerResponse, status: number, payload: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(payload));
}

export async function startFakeApiserver() {
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!.replace(/\/$/, "") || "/";
    if (req.method === "GET" && path in GET) return send(res, 200, GET[path]);
    if (req.method === "POST" && path.endsWith("/selfsubjectaccessreviews")) {
      return void body(req).then((review) =>
        send(res, 201, { ...(review as object), status: { allowed: true } }),
      );
    }
    send(res, 404, { kind: "Status", apiVersion: "v1", status: "Failure", code: 404 });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    kubeconfig: kubeconfigFor(`http://127.0.0.1:${port}`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A one-context kubeconfig for `server` (plain HTTP needs skip-TLS; the fake ignores the token). */
export function kubeconfigFor(server: string): string {
  return JSON.stringify({
    apiVersion: "v1",
    kind: "Config",
    clusters: [{ name: "matrix", cluster: { server, "insecure-skip-tls-verify": true } }],
    users: [{ name: "matrix", user: { token: "matrix-token" } }],
    contexts: [{ name: "matrix", context: { cluster: "matrix", user: "matrix" } }],
    "current-context": "matrix",
  });
}
