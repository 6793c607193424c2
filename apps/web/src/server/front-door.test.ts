import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

type FastRoute = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

// The preload as production loads it (node --require ./server/front-door.cjs): it wraps
// http.createServer for the rest of this test file's process.
createRequire(import.meta.url)("../../server/front-door.cjs");
const routes = (globalThis as Record<symbol, unknown>)[
  Symbol.for("meshbench.front-door.fast-routes")
] as Map<string, FastRoute>;

describe("front door: fast routes answered before Next", () => {
  let server: http.Server;
  let base: string;
  const seenByNext: string[] = [];

  beforeAll(async () => {
    routes.set("POST /api/fast", (req, res) => {
      res.end(`fast ${String(req.headers["x-meshbench-peer-address"])}`);
    });
    routes.set("POST /api/broken", () => Promise.reject(new Error("secret detail mbt_abc")));
    server = http.createServer((req, res) => {
      seenByNext.push(`${req.method} ${req.url}`);
      res.end("next");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const call = async (method: string, path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, { method, headers });
    return { status: res.status, text: await res.text() };
  };

  it("answers a registered method and path itself, query string or not", async () => {
    expect((await call("POST", "/api/fast")).text).toBe("fast 127.0.0.1");
    expect((await call("POST", "/api/fast?dry=1")).text).toBe("fast 127.0.0.1");
    expect(seenByNext).toEqual([]);
  });

  it("hands every other method and path to Next", async () => {
    expect((await call("GET", "/api/fast")).text).toBe("next");
    expect((await call("POST", "/api/fast/")).text).toBe("next");
    expect((await call("POST", "/API/fast")).text).toBe("next");
    expect(seenByNext).toEqual(["GET /api/fast", "POST /api/fast/", "POST /API/fast"]);
  });

  it("stamps the real peer for fast routes too: a client's own copy of the header is dropped", async () => {
    const forged = await call("POST", "/api/fast", { "x-meshbench-peer-address": "10.9.9.9" });
    expect(forged.text).toBe("fast 127.0.0.1");
  });

  it("turns a fast route's failure into a JSON 500 that says nothing of it", async () => {
    const broken = await call("POST", "/api/broken");
    expect(broken.status).toBe(500);
    expect(JSON.parse(broken.text)).toEqual({
      error: {
        code: "INTERNAL_SERVER_ERROR",
        message: "Internal server error",
        field: null,
        issues: [],
      },
    });
    expect(broken.text).not.toContain("mbt_abc");
    expect((await call("POST", "/api/fast")).status).toBe(200);
  });
});
