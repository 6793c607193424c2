/**
 * What a CI script talks to, built as the web app and the worker build it: the REST handler over
 * `createServices` (the same services, token resolution and idempotency store) served on
 * loopback HTTP, and the real worker process (`apps/worker/src/main.ts`, its env validated as in
 * production) on the same database, both under the `test` outbound policy plus the real-node
 * cluster's bridge.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createRestHandler, resolveActor } from "@meshbench/api";
import { createIdempotencyRepository, createPrismaClient, createRunQueue } from "@meshbench/db";
import { clusterRules, createServices } from "@meshbench/services";
import { repoRoot } from "../support/app-server";

export type CiServer = Awaited<ReturnType<typeof startCiServer>>;

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (typeof value === "string") headers.set(name, value);
  const method = req.method ?? "GET";
  return new Request(`${origin}${req.url ?? "/"}`, {
    method,
    headers,
    body: method === "GET" || method === "HEAD" ? undefined : Buffer.concat(chunks),
  });
}

export async function startCiServer(databaseUrl: string, outboundAllow: string) {
  const db = createPrismaClient(databaseUrl);
  const queue = createRunQueue(databaseUrl, { pollSeconds: 0.5 });
  const rules = clusterRules({
    mode: "local",
    outboundPolicy: "test",
    outboundAllow,
    inClusterWorkspaces: undefined,
    kubernetesServiceHost: undefined,
    kubernetesServicePort: undefined,
  });
  const services = createServices(db, { runQueue: queue, clusterRules: rules });
  const errors: string[] = [];
  let origin = "";
  const handle = createRestHandler({
    idempotency: () => createIdempotencyRepository(db),
    createContext: async (request) => ({
      services,
      actor: await resolveActor(request.headers, {
        getSession: () => Promise.resolve(null),
        memberships: services.members,
        tokens: services.tokens,
      }),
    }),
    trustedOrigins: [],
    onUnexpectedError: (p, m) => errors.push(`${p}: ${m}`),
  });
  const http = createServer((req, res) => {
    void toRequest(req, origin)
      .then(handle)
      .then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  const logs: string[] = [];
  const worker: ChildProcess = spawn(
    path.join(repoRoot, "node_modules/.bin/tsx"),
    [path.join(repoRoot, "apps/worker/src/main.ts")],
    {
      cwd: path.join(repoRoot, "apps/worker"),
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        MESHBENCH_MODE: "local",
        MESHBENCH_OUTBOUND_POLICY: "test",
        MESHBENCH_OUTBOUND_ALLOW: outboundAllow,
        MESHBENCH_WORKER_POLL_MS: "500",
        MESHBENCH_OPS_HOST: "127.0.0.1",
        MESHBENCH_OPS_PORT: "0",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  for (const stream of [worker.stdout, worker.stderr])
    stream?.on("data", (chunk: Buffer) => logs.push(...chunk.toString("utf8").split("\n")));
  const exited = new Promise<number | null>((resolve) => worker.once("exit", resolve));

  return {
    url: origin,
    services,
    db,
    errors,
    workerLogs: logs,
    async stop() {
      worker.kill("SIGTERM");
      const timeout = setTimeout(() => worker.kill("SIGKILL"), 60_000);
      await exited;
      clearTimeout(timeout);
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await queue.stop({ graceful: false, timeoutMs: 1000 });
      await db.$disconnect();
    },
  };
}
