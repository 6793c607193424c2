import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import { createServer as createHttpServer } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { createOutboundAgent } from "./dispatcher";
import { describeOutboundError, outboundGet } from "./fetch";
import { parseOutboundPolicy } from "./policy";
import type { Resolver } from "./resolve";

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A loopback listener standing in for an internal service: counts every connection it gets. */
async function silentListener() {
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { port: (server.address() as AddressInfo).port, connections: () => connections };
}

async function jsonServer(body: string) {
  let requests = 0;
  const server = createHttpServer((_req, res) => {
    requests += 1;
    res.writeHead(200, { "content-type": "application/json" });
    res.end(body);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { port: (server.address() as AddressInfo).port, requests: () => requests };
}

describe("the outbound agent", () => {
  it("under production, a name that resolves to loopback reaches nothing", async () => {
    const internal = await silentListener();
    const resolver: Resolver = () => Promise.resolve(["127.0.0.1"]);
    const policy = parseOutboundPolicy("production", "");
    const error = await outboundGet(policy, `http://kube.example.test:${internal.port}/version`, {
      resolver,
    }).catch((e: unknown) => e);
    expect(describeOutboundError(error)).toMatch(/^refused: .*outbound policy/);
    expect(internal.connections()).toBe(0);
  });

  it("under production, an address literal to loopback reaches nothing", async () => {
    const internal = await silentListener();
    const policy = parseOutboundPolicy("production", "");
    for (const host of ["127.0.0.1", "127.1", "2130706433", "0x7f000001", "[::ffff:127.0.0.1]"]) {
      const error = await outboundGet(policy, `http://${host}:${internal.port}/`).catch(
        (e: unknown) => e,
      );
      expect(describeOutboundError(error)).toMatch(/^refused/);
    }
    expect(internal.connections()).toBe(0);
  });

  it("judges every new connection: a DNS answer that changes after the first use is caught", async () => {
    const server = await jsonServer('{"ok":true}');
    const answers = [["127.0.0.1"], ["169.254.169.254"]];
    let calls = 0;
    const resolver: Resolver = () => Promise.resolve(answers[Math.min(calls++, 1)]!);
    const policy = parseOutboundPolicy("test", "");
    const url = `http://rebind.example.test:${server.port}/`;
    // Separate agents: each request needs a new connection, as after a pod restart or a day.
    const first = await outboundGet(policy, url, { resolver });
    expect(first.status).toBe(200);
    const second = await outboundGet(policy, url, { resolver }).catch((e: unknown) => e);
    expect(describeOutboundError(second)).toMatch(/^refused/);
    expect(server.requests()).toBe(1);
  });

  it("a name mixing an allowed and a forbidden answer is refused", async () => {
    const internal = await silentListener();
    const resolver: Resolver = () => Promise.resolve(["10.250.0.5", "127.0.0.1"]);
    const policy = parseOutboundPolicy("production", "10.250.0.0/24");
    const error = await outboundGet(policy, `http://mixed.example.test:${internal.port}/`, {
      resolver,
    }).catch((e: unknown) => e);
    expect(describeOutboundError(error)).toMatch(/^refused/);
    expect(internal.connections()).toBe(0);
  });

  it("caps the response size and says so without echoing the body", async () => {
    const big = await jsonServer(`"${"x".repeat(200_000)}"`);
    const policy = parseOutboundPolicy("test", "");
    const error = await outboundGet(policy, `http://127.0.0.1:${big.port}/`, {
      maxResponseBytes: 1000,
    }).catch((e: unknown) => e);
    expect(describeOutboundError(error)).toBe("response too large");
  });

  it("describes a refused connection without the server's words", async () => {
    const policy = parseOutboundPolicy("test", "");
    const internal = await silentListener();
    const port = internal.port;
    servers.pop()!.close();
    const error = await outboundGet(policy, `http://127.0.0.1:${port}/`).catch((e: unknown) => e);
    expect(describeOutboundError(error)).toBe("unreachable (connection refused)");
  });

  it("an agent can be shared for many requests to one allowed server", async () => {
    const server = await jsonServer("{}");
    const policy = parseOutboundPolicy("test", "");
    const dispatcher = createOutboundAgent(policy);
    for (let i = 0; i < 3; i++)
      expect(
        (await outboundGet(policy, `http://127.0.0.1:${server.port}/`, { dispatcher })).status,
      ).toBe(200);
    await dispatcher.close();
    expect(server.requests()).toBe(3);
  });
});
