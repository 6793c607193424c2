import { Agent, request } from "node:http";

/** A keep-alive HTTP client with few allocations: the load generator shares the 2 cores. */
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

export type HttpResult = { status: number; body: string };

export function httpRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    // With its length declared, as fetch (the CLI) sends a body: not chunked, one write.
    const headers =
      options.body === undefined
        ? options.headers
        : { ...options.headers, "content-length": String(Buffer.byteLength(options.body)) };
    const req = request(url, { method: options.method ?? "GET", headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

export function closeAgent() {
  agent.destroy();
}
