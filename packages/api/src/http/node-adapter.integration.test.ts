import { readFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createIdempotencyRepository, createPrismaClient } from "@meshbench/db";
import { demoMatrixDir } from "@meshbench/demo";
import { createServices } from "@meshbench/services";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveActor } from "../auth/resolve-actor";
import { createRestHandler } from "../rest/rest-handler";
import { serveFromNode } from "./node-adapter";

const result = () => readFileSync(path.join(demoMatrixDir, "baseline-qps100-c8-rep1.json"), "utf8");
type Answer = { status: number; headers: Record<string, string>; body: string };
type ErrorBody = { error: { code: string; message: string; field: string | null } };
const errorOf = (answer: Answer) => (JSON.parse(answer.body) as ErrorBody).error;

/**
 * The production front door answers POST /api/v1/results through serveFromNode over the same
 * REST handler as Next's route. Every answer over node:http must be the fetch handler's own:
 * status, body and headers, for successes and for every refusal, with real tokens and a real
 * database (an attacker's token, revoked and under-scoped tokens, hostile bodies).
 */
describe("the REST handler served from node:http (front door) = the fetch handler", () => {
  const db = useTestDatabase(createPrismaClient);
  const MAX = 64 * 1024;
  let server: Server;
  let base: string;
  let fetchHandler: ReturnType<typeof createRestHandler>;
  const tokens: Record<string, string> = {};
  const workspaces: Record<string, string> = {};

  beforeAll(async () => {
    const services = createServices(db(), {
      rateLimits: { upload: { points: 40, durationSeconds: 60 } },
    });
    fetchHandler = createRestHandler({
      createContext: async (request) => ({
        services,
        actor: await resolveActor(request.headers, {
          getSession: () => Promise.resolve(null),
          memberships: services.members,
          tokens: services.tokens,
        }),
      }),
      idempotency: () => createIdempotencyRepository(db()),
      services: () => services, // as the app serves it: with the token upload's fast path
      trustedOrigins: [],
      maxBodyBytes: MAX,
    });
    const audit = { actorUserId: null, actorTokenId: null };
    for (const slug of ["victim", "attacker"]) {
      workspaces[slug] = (await db().workspace.create({ data: { slug, name: slug } })).id;
    }
    const mint = async (name: string, ws: string, scopes: ("read" | "results:write")[]) =>
      (tokens[name] = (
        await services.tokens.create(workspaces[ws]!, { name, scopes }, audit)
      ).token);
    await mint("writer", "victim", ["read", "results:write"]);
    await mint("attacker", "attacker", ["results:write"]);
    await mint("reader", "victim", ["read"]);
    await mint("revoked", "victim", ["results:write"]);
    const revokedId = (await services.tokens.list(workspaces.victim!)).find(
      (t) => t.name === "revoked",
    )!.id;
    await services.tokens.revoke(workspaces.victim!, revokedId, audit);
    await mint("limited", "victim", ["results:write"]);

    const serve = serveFromNode(fetchHandler, { "x-frame-options": "DENY" }, MAX); // as shipped
    server = createServer((req, res) => void serve(req, res));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const overNode = (headers: Record<string, string>, body: string | Buffer, chunked = false) =>
    new Promise<Answer>((resolve, reject) => {
      const req = httpRequest(
        `${base}/api/v1/results`,
        {
          method: "POST",
          headers: chunked ? headers : { ...headers, "content-length": Buffer.byteLength(body) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers as Record<string, string>,
              body: Buffer.concat(chunks).toString("utf8"),
            }),
          );
        },
      );
      req.on("error", reject);
      if (chunked) {
        // No Content-Length: the limit must hold on the bytes actually streamed.
        for (let i = 0; i < body.length; i += 8192) req.write(body.slice(i, i + 8192));
      } else req.write(body);
      req.end();
    });
  const overFetch = async (headers: Record<string, string>, body: string): Promise<Answer> => {
    const res = await fetchHandler(
      new Request("http://meshbench.test/api/v1/results", { method: "POST", headers, body }),
    );
    return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
  };
  const json = { "content-type": "application/json" };
  const bearer = (name: string) => ({ ...json, authorization: `Bearer ${tokens[name]}` });
  const runsIn = (ws: string) => db().run.count({ where: { workspaceId: workspaces[ws] } });
  const upload = (benchmark: string, extra: object = {}) =>
    JSON.stringify({ benchmark, trials: [{ result: result() }], ...extra });

  /** The same request both ways; the error answers must match exactly. */
  async function same(headers: Record<string, string>, body: string) {
    const node = await overNode(headers, body);
    const direct = await overFetch(headers, body);
    expect(node.status).toBe(direct.status);
    expect(JSON.parse(node.body)).toEqual(JSON.parse(direct.body));
    expect(node.headers["content-type"]).toBe("application/json");
    expect(node.headers["x-frame-options"]).toBe("DENY");
    expect(node.headers["retry-after"]).toBe(direct.headers["retry-after"]);
    return node;
  }

  it("stores an upload once, in the token's workspace, with the fetch handler's body shape", async () => {
    const before = await runsIn("victim");
    const node = await overNode(bearer("writer"), upload("node-path"));
    expect(node.status).toBe(200);
    const body = JSON.parse(node.body) as {
      runId: string;
      benchmarkKey: string;
      trials: unknown[];
    };
    expect(body.benchmarkKey).toBe("node-path");
    expect(body.trials).toHaveLength(1);
    const direct = JSON.parse(
      (await overFetch(bearer("writer"), upload("node-path"))).body,
    ) as object;
    expect(Object.keys(body).sort()).toEqual(Object.keys(direct).sort());
    expect(await runsIn("victim")).toBe(before + 2);
    const run = await db().run.findUniqueOrThrow({ where: { id: body.runId } });
    expect(run.workspaceId).toBe(workspaces.victim);
  });

  it("refuses bad input naming the field, and stores nothing", async () => {
    const before = await runsIn("victim");
    const bad = await same(bearer("writer"), upload("Not A Key"));
    expect(bad.status).toBe(400);
    expect(errorOf(bad).field).toBe("benchmark");
    const nul = await same(bearer("writer"), upload("nul", { title: "a\u0000b" }));
    expect(errorOf(nul).field).toBe("title");
    expect((await same(bearer("writer"), "{not json")).status).toBe(400);
    const deep = '{"a":'.repeat(5000) + "1" + "}".repeat(5000);
    expect((await same(bearer("writer"), `{"benchmark":"d","trials":[${deep}]}`)).status).toBe(400);
    // (A fetch Request given a string body calls it text/plain: compared with the node answer alone.)
    const untyped = await overNode({ authorization: `Bearer ${tokens.writer}` }, upload("x"));
    expect(untyped.status).toBe(415);
    expect(errorOf(untyped).message).toBe("Missing content-type header");
    expect(await runsIn("victim")).toBe(before);
  });

  it("answers 401 without a token or with a revoked or forged one, 403 without the scope", async () => {
    const before = await runsIn("victim");
    expect((await same(json, upload("anon"))).status).toBe(401);
    expect((await same(bearer("revoked"), upload("revoked"))).status).toBe(401);
    const forged = { ...json, authorization: "Bearer mbt_forged" };
    expect((await same(forged, upload("forged"))).status).toBe(401);
    const reader = await same(bearer("reader"), upload("reader"));
    expect(reader.status).toBe(403);
    expect(reader.body).not.toContain(tokens.reader);
    expect(await runsIn("victim")).toBe(before);
  });

  it("413 on a declared or a streamed body over the limit, and the connection still answers", async () => {
    const big = upload("big", { title: "x".repeat(150), labels: { pad: "y".repeat(MAX) } });
    const declared = await overNode(bearer("writer"), big);
    expect(declared.status).toBe(413);
    expect(errorOf(declared).code).toBe("PAYLOAD_TOO_LARGE");
    const streamed = await overNode(
      { ...bearer("writer"), "transfer-encoding": "chunked" },
      big + " ".repeat(MAX),
      true,
    );
    expect(streamed.status).toBe(413);
    expect((await overNode(bearer("writer"), upload("after-413"))).status).toBe(200);
  });

  it("a token of workspace A never writes into B, whatever the request names", async () => {
    const victimRuns = await runsIn("victim");
    const attack = await overNode(
      { ...bearer("attacker"), "x-meshbench-workspace": workspaces.victim! },
      upload("planted"),
    );
    expect(attack.status).toBe(200);
    expect(await runsIn("victim")).toBe(victimRuns);
    const planted = await db().run.findFirstOrThrow({
      where: { title: { startsWith: "planted" } },
    });
    expect(planted.workspaceId).toBe(workspaces.attacker);
  });

  it("replays an Idempotency-Key answer instead of storing twice", async () => {
    const before = await runsIn("victim");
    const headers = { ...bearer("writer"), "idempotency-key": "node-once" };
    const first = await overNode(headers, upload("once"));
    const again = await overNode(headers, upload("once"));
    expect(first.status).toBe(200);
    expect(again.headers["idempotency-replayed"]).toBe("true");
    expect(JSON.parse(again.body)).toEqual(JSON.parse(first.body));
    expect(await runsIn("victim")).toBe(before + 1);
    expect((await same(headers, upload("other"))).status).toBe(409);
  });

  it("429 with Retry-After once the token's window is spent", async () => {
    let last: Answer | undefined;
    for (let i = 0; i < 45 && last?.status !== 429; i++)
      last = await overNode(bearer("limited"), upload(`limited-${i}`));
    expect(last?.status).toBe(429);
    expect(Number(last?.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(errorOf(last!).code).toBe("TOO_MANY_REQUESTS");
  });
  it("answers a plain token upload without the fetch handler, and a replay of it through it", async () => {
    let fetchCalls = 0;
    const counting = Object.assign(
      (request: Request, after?: { fastTried: boolean }) => {
        fetchCalls++;
        return fetchHandler(request, after);
      },
      { uploadWhole: fetchHandler.uploadWhole },
    );
    const serve = serveFromNode(counting, { "x-frame-options": "DENY" }, MAX);
    const own = createServer((req, res) => void serve(req, res));
    await new Promise<void>((r) => own.listen(0, "127.0.0.1", r));
    const shared = base;
    base = `http://127.0.0.1:${(own.address() as AddressInfo).port}`;
    try {
      expect((await overNode(bearer("writer"), upload("whole"))).status).toBe(200); // new key
      const before = await runsIn("victim");
      const calls = fetchCalls;
      const headers = { ...bearer("writer"), "idempotency-key": "whole-once" };
      const first = await overNode(headers, upload("whole"));
      expect(first.status).toBe(200);
      expect(first.headers["x-frame-options"]).toBe("DENY");
      expect(fetchCalls).toBe(calls); // the fast path answered it whole
      const again = await overNode(headers, upload("whole"));
      expect(again.headers["idempotency-replayed"]).toBe("true");
      expect(JSON.parse(again.body)).toEqual(JSON.parse(first.body));
      expect(fetchCalls).toBe(calls + 1); // declined once (key taken), answered by the handler
      expect((await overNode(headers, upload("whole", { title: "other" }))).status).toBe(409);
      expect(await runsIn("victim")).toBe(before + 1);
    } finally {
      base = shared;
      await new Promise<void>((r) => own.close(() => r()));
    }
  });
});
