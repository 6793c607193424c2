import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger, Metrics, Readiness } from "@meshbench/observability";

export type OpsServerOptions = {
  host: string;
  port: number;
  logger: Logger;
  metrics: Metrics;
  readiness: () => Promise<Readiness>;
};

/**
 * The worker's small HTTP server for the kubelet and Prometheus:
 * GET /healthz (liveness: the event loop answers), /readyz (database reachable, migrations
 * applied, not shutting down), /metrics (Prometheus text format).
 */
export async function startOpsServer(options: OpsServerOptions) {
  const { logger, metrics } = options;
  const server: Server = createServer((req, res) => {
    const send = (status: number, body: string, type = "application/json") => {
      res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
      res.end(body);
    };
    const url = new URL(req.url ?? "/", "http://ops");
    if (req.method !== "GET" && req.method !== "HEAD") return send(405, '{"error":"method"}');
    const answer = async () => {
      switch (url.pathname) {
        case "/healthz":
        case "/livez":
          return send(200, JSON.stringify({ status: "ok" }));
        case "/readyz": {
          const r = await options.readiness();
          return send(
            r.ready ? 200 : 503,
            JSON.stringify({ status: r.ready ? "ready" : "not-ready", ...r }),
          );
        }
        case "/metrics": {
          const { contentType, body } = await metrics.render();
          return send(200, body, contentType);
        }
        default:
          return send(404, '{"error":"not found"}');
      }
    };
    answer().catch((error: unknown) => {
      logger.error({ err: error, path: url.pathname }, "ops endpoint failed");
      if (!res.headersSent) send(500, '{"error":"internal"}');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  logger.info({ port, host: options.host }, "ops server listening (/healthz, /readyz, /metrics)");
  return {
    port,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
