import type { TRestError, TRunListPage, TTokenScope } from "@meshbench/contracts";
import { createIdempotencyRepository, createPrismaClient } from "@meshbench/db";
import { createServices, generateApiToken } from "@meshbench/services";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { beforeAll, describe, expect, it } from "vitest";
import { resolveActor } from "../auth/resolve-actor";
import { createRestHandler } from "./rest-handler";

const ORIGIN = "http://meshbench.test";

/** GET /runs as CI and scripts call it: filters, pages, scopes, and another workspace's token. */
describe("GET /runs over REST", () => {
  const db = useTestDatabase(createPrismaClient);
  let handle: ReturnType<typeof createRestHandler>;
  const ws = { a: "", b: "" };
  const runsOfA: string[] = [];
  let runOfB = "";
  const tokens = {} as Record<"aRead" | "aUpload" | "bAll", string>;

  const tokenIn = async (workspaceId: string, scopes: TTokenScope[]) => {
    const { token, prefix, hash } = generateApiToken();
    await db().apiToken.create({ data: { workspaceId, name: "rest", prefix, hash, scopes } });
    return token;
  };
  const get = async (query: string, token?: string) => {
    const response = await handle(
      new Request(`${ORIGIN}/api/v1/runs${query}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      }),
    );
    return { status: response.status, body: await response.json() };
  };
  const page = async (query: string, token = tokens.aRead) => {
    const response = await get(query, token);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as TRunListPage;
  };
  const ids = (p: TRunListPage) => p.items.map((r) => r.id);

  beforeAll(async () => {
    ws.a = (await db().workspace.create({ data: { slug: "runs-a", name: "A" } })).id;
    ws.b = (await db().workspace.create({ data: { slug: "runs-b", name: "B" } })).id;
    const services = createServices(db());
    handle = createRestHandler({
      idempotency: () => createIdempotencyRepository(db()),
      createContext: async (request) => ({
        services,
        actor: await resolveActor(request.headers, {
          getSession: () => Promise.resolve(null),
          memberships: services.members,
          tokens: services.tokens,
        }),
      }),
      trustedOrigins: [ORIGIN],
    });
    // Five runs of A, a second apart (newest last), on two branches; one of them failed.
    for (let i = 0; i < 5; i++) {
      const run = await db().run.create({
        data: {
          workspaceId: ws.a,
          title: `a-${i}`,
          source: "ci_upload",
          status: i === 3 ? "failed" : "succeeded",
          gitBranch: i % 2 ? "feature" : "main",
          createdAt: new Date(Date.UTC(2026, 10, 1, 12, 0, i)),
        },
      });
      runsOfA.unshift(run.id);
    }
    runOfB = (
      await db().run.create({
        data: {
          workspaceId: ws.b,
          title: "b",
          source: "import",
          createdAt: new Date(Date.UTC(2026, 10, 1, 11, 0, 0)),
        },
      })
    ).id;
    tokens.aRead = await tokenIn(ws.a, ["read"]);
    tokens.aUpload = await tokenIn(ws.a, ["results:write"]);
    tokens.bAll = await tokenIn(ws.b, ["read", "results:write", "runs:trigger", "clusters:write"]);
  });

  it("lists the workspace's runs newest first, filtered as the runs page filters", async () => {
    expect(ids(await page(""))).toEqual(runsOfA);
    const failed = await page("?status=failed");
    expect(failed.items.map((r) => r.title)).toEqual(["a-3"]);
    expect(failed.items[0]).toMatchObject({ status: "failed", gitBranch: "feature" });
    expect((await page("?gitBranch=main&source=ci_upload")).items.map((r) => r.title)).toEqual([
      "a-4",
      "a-2",
      "a-0",
    ]);
    expect(ids(await page("?source=import"))).toEqual([]);
  });

  it("pages with limit and cursor: no run twice, none missed", async () => {
    const first = await page("?limit=2");
    expect(ids(first)).toEqual(runsOfA.slice(0, 2));
    const second = await page(`?limit=2&cursor=${first.nextCursor}`);
    expect(ids(second)).toEqual(runsOfA.slice(2, 4));
    const last = await page(`?limit=2&cursor=${second.nextCursor}`);
    expect(ids(last)).toEqual(runsOfA.slice(4));
    expect(last.nextCursor).toBeNull();
  });

  it("refuses unreadable input with 400 naming the field", async () => {
    for (const [query, field] of [
      ["?limit=0", "limit"],
      ["?limit=101", "limit"],
      ["?limit=many", "limit"],
      ["?cursor=..%2Fetc", "cursor"],
      ["?status=exploded", "status"],
    ] as const) {
      const response = await get(query, tokens.aRead);
      expect(response.status, query).toBe(400);
      expect((response.body as TRestError).error.field, query).toBe(field);
    }
  });

  it("needs a token with the read scope", async () => {
    expect((await get("")).status).toBe(401);
    expect((await get("", "mbt_not-a-real-token")).status).toBe(401);
    expect((await get("", tokens.aUpload)).status).toBe(403);
  });

  it("another workspace's token never lists A's runs, by filter or by A's own cursor", async () => {
    const answers = [
      await page("", tokens.bAll),
      await page("?limit=100", tokens.bAll),
      await page("?gitBranch=main", tokens.bAll),
      await page(`?cursor=${runsOfA[0]}`, tokens.bAll),
      await page(`?cursor=${runsOfA[4]}&limit=1`, tokens.bAll),
    ];
    expect(ids(answers[0]!)).toEqual([runOfB]);
    // A's run as a cursor is no position in B's list: the same empty page as an unknown id.
    expect(answers[3]).toEqual({ items: [], nextCursor: null });
    expect(answers[4]).toEqual(await page("?cursor=nosuchrun", tokens.bAll));
    const text = JSON.stringify(answers);
    for (const id of runsOfA) expect(text).not.toContain(id);
    expect(text).not.toContain("a-");
  });
});
