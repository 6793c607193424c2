import { readFileSync } from "node:fs";
import path from "node:path";
import { createIdempotencyRepository, createPrismaClient } from "@meshbench/db";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../context";
import { demoMatrixDir } from "@meshbench/demo";
import { createServices } from "@meshbench/services";
import { createRestHandler } from "./rest-handler";

const ORIGIN = "http://meshbench.test";
const result = () => readFileSync(path.join(demoMatrixDir, "baseline-qps100-c8-rep1.json"), "utf8");
type ErrorBody = {
  error: { code: string; message: string; field: string | null; issues: unknown[] };
};

describe("REST transport at the HTTP boundary (real database)", () => {
  const db = useTestDatabase(createPrismaClient);
  let workspaceId: string;
  const errors: string[] = [];
  const actor = (via: "token" | "session" = "token"): Actor => ({
    userId: null,
    workspaceId,
    role: "member",
    via,
    tokenId: null,
    scopes: ["read", "results:write"],
  });
  const handler = (uploadsPerWindow = 100, via: "token" | "session" = "token") =>
    createRestHandler({
      idempotency: () => createIdempotencyRepository(db()),
      createContext: () =>
        Promise.resolve({
          services: createServices(db(), {
            rateLimits: { upload: { points: uploadsPerWindow, durationSeconds: 2 } },
          }),
          actor: actor(via),
        }),
      trustedOrigins: [ORIGIN],
      onUnexpectedError: (p, m) => errors.push(`${p}: ${m}`),
    });
  const upload = (
    h: ReturnType<typeof handler>,
    body: unknown,
    headers: Record<string, string> = {},
  ) =>
    h(
      new Request(`${ORIGIN}/api/v1/results`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    );
  const runs = () => db().run.count({ where: { workspaceId } });

  beforeAll(async () => {
    workspaceId = (await db().workspace.create({ data: { slug: "rest", name: "REST" } })).id;
  });

  it("never stores a 429 as the idempotent answer, and says when to retry", async () => {
    const h = handler(1);
    const body = { benchmark: "limited", trials: [{ result: result() }] };
    expect((await upload(h, body)).status).toBe(200);
    const limited = await upload(h, body, { "idempotency-key": "ci-retry" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(((await limited.json()) as ErrorBody).error.code).toBe("TOO_MANY_REQUESTS");
    await new Promise((r) => setTimeout(r, 2_100)); // the window reopens
    const retried = await upload(h, body, { "idempotency-key": "ci-retry" });
    expect(retried.status).toBe(200);
    expect(retried.headers.get("idempotency-replayed")).toBeNull();
    const replay = await upload(h, body, { "idempotency-key": "ci-retry" });
    expect(replay.headers.get("idempotency-replayed")).toBe("true");
  });

  it("refuses a body nested thousands deep with 400, storing nothing", async () => {
    const before = await runs();
    const deep = '{"a":'.repeat(5000) + "1" + "}".repeat(5000);
    const response = await upload(handler(), `{"benchmark":"deep","trials":[{"result":${deep}}]}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error).toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringMatching(/nested deeper/) as unknown,
      issues: [],
    });
    expect(await runs()).toBe(before);
  });

  it("answers a malformed %-escape in the path with 400, not 500", async () => {
    for (const p of ["/api/v1/runs/%ZZ", "/api/v1/runs/%E0%A4%A/verdict"]) {
      const response = await handler()(new Request(`${ORIGIN}${p}`));
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).error.field).toBeNull();
    }
    expect(errors).toEqual([]);
  });

  it("refuses NUL characters (PostgreSQL cannot store them) with 400 naming the field", async () => {
    const history = await handler()(
      new Request(`${ORIGIN}/api/v1/benchmarks/x/history?gitBranch=a%00b`),
    );
    expect(history.status).toBe(400);
    expect(((await history.json()) as ErrorBody).error.field).toBe("gitBranch");
    const before = await runs();
    const labelled = await upload(handler(), {
      benchmark: "nul",
      labels: { tag: "v\u0000" },
      trials: [{ result: result() }],
    });
    expect(labelled.status).toBe(400);
    expect(await runs()).toBe(before);
  });

  it("stores a result document whose text holds NUL escapes, without the NULs (was a 500)", async () => {
    // The field is a JSON string, so the request itself carries no NUL: the parsed document does.
    const doc = JSON.parse(result()) as Record<string, unknown>;
    doc["Labels"] = "nul\u0000inside";
    const response = await upload(handler(), {
      benchmark: "nul-doc",
      trials: [{ result: JSON.stringify(doc) }],
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const { runId } = (await response.json()) as { runId: string };
    const trial = await db().trial.findFirstOrThrow({ where: { runId } });
    expect(JSON.stringify(trial.meta)).toContain('"nulinside"'); // stored, NUL removed
    expect(errors).toEqual([]);
  });

  it("refuses cookie-authenticated writes from another origin, as /api/trpc does", async () => {
    const before = await runs();
    const h = handler(100, "session");
    const body = { benchmark: "csrf", trials: [{ result: result() }] };
    const forged = await upload(h, body, {
      cookie: "meshbench.session_token=x",
      origin: "http://evil.example",
    });
    expect(forged.status).toBe(403);
    expect(await runs()).toBe(before);
    const own = await upload(h, body, { cookie: "meshbench.session_token=x", origin: ORIGIN });
    expect(own.status).toBe(200);
  });

  it("answers every error in the one documented shape", async () => {
    const h = handler();
    const responses = [
      await upload(h, { benchmark: "x" }), // 400: trials missing
      await upload(h, "{not json"), // 400
      await h(new Request(`${ORIGIN}/api/v1/runs/doesnotexist`)), // 404
      await h(new Request(`${ORIGIN}/api/v1/no-such-route`)), // 404
      await h(new Request(`${ORIGIN}/api/v1/results`, { method: "POST", body: "x" })), // 415
    ];
    expect(responses.map((r) => r.status)).toEqual([400, 400, 404, 404, 415]);
    for (const r of responses) {
      const body = (await r.json()) as ErrorBody;
      expect(Object.keys(body)).toEqual(["error"]);
      expect(Object.keys(body.error).sort()).toEqual(["code", "field", "issues", "message"]);
    }
  });

  it("round-trips Kubernetes-valid keys like constructor through upload labels", async () => {
    const response = await upload(handler(), {
      benchmark: "keys",
      labels: { constructor: "x", prototype: "y" },
      trials: [{ result: result() }],
    });
    expect(response.status).toBe(200);
    const { runId } = (await response.json()) as { runId: string };
    const run = await handler()(new Request(`${ORIGIN}/api/v1/runs/${runId}`));
    expect(run.status).toBe(200);
    expect(((await run.json()) as { labels: Record<string, string> }).labels).toMatchObject({
      constructor: "x",
      prototype: "y",
    });
  });
});
