import { readFileSync } from "node:fs";
import path from "node:path";
import { ZBenchmarkDefinition } from "@meshbench/contracts";
import { createIdempotencyRepository, createPrismaClient } from "@meshbench/db";
import { demoMatrixDir } from "@meshbench/demo";
import { createServices, type Services } from "@meshbench/services";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { beforeAll, describe, expect, it } from "vitest";
import { resolveActor } from "../auth/resolve-actor";
import { createRestHandler } from "./rest-handler";

const fortio = (file: string) => readFileSync(path.join(demoMatrixDir, file), "utf8");
const RESULT = fortio("baseline-qps100-c8-rep1.json");
const LIMIT = 4;

/**
 * The token upload's fast path (token-upload.ts) against the general path, on a real database:
 * it must store exactly what the procedure stores and answer exactly as it answers, spend one
 * rate-limit point per request whichever path answers, and keep Idempotency-Key's promises
 * (one run per key, replays, 409s) across both paths and between racing twins.
 */
describe("POST /results with a token: the fast path = the general path", () => {
  const db = useTestDatabase(createPrismaClient);
  let services: Services;
  let fast: (r: Request) => Promise<Response>;
  let general: (r: Request) => Promise<Response>;
  const fastAnswers: unknown[] = [];
  const observed: number[] = [];
  let ws: string;
  let audit: { actorUserId: null; actorTokenId: null };
  /** A token of its own per test: each spends its own rate-limit points. */
  const mint = async (name: string) =>
    (await services.tokens.create(ws, { name, scopes: ["read", "results:write"] }, audit)).token;

  beforeAll(async () => {
    services = createServices(db(), {
      rateLimits: { upload: { points: LIMIT, durationSeconds: 60 } },
      // As the web app counts ingest: each stored upload once, whichever path stored it.
      observeIngest: async (store, trialsOf) => {
        const stored = await store();
        const trials = trialsOf(stored);
        if (trials !== null) observed.push(trials);
        return stored;
      },
    });
    // Counts what the fast path itself answered (null: it handed the request on).
    const watched: Services = {
      ...services,
      results: {
        ...services.results,
        uploadWithToken: async (request) => {
          const answer = await services.results.uploadWithToken(request);
          if (answer) fastAnswers.push(answer);
          return answer;
        },
      },
    };
    const options = (withFastPath: boolean) => ({
      createContext: async (request: Request) => ({
        services,
        actor: await resolveActor(request.headers, {
          getSession: () => Promise.resolve(null),
          memberships: services.members,
          tokens: services.tokens,
        }),
      }),
      idempotency: () => createIdempotencyRepository(db()),
      trustedOrigins: [],
      ...(withFastPath ? { services: () => watched } : {}),
    });
    fast = createRestHandler(options(true));
    general = createRestHandler(options(false));
    ws = (await db().workspace.create({ data: { slug: "fast", name: "fast" } })).id;
    audit = { actorUserId: null, actorTokenId: null };
    // A benchmark defined in full: its definition is what a run snapshots.
    await services.benchmarks.create(
      ws,
      ZBenchmarkDefinition.parse({
        key: "same-rows",
        name: "Same rows",
        target: { kind: "fortio-echo" },
        variants: [{ name: "istio", mesh: "baseline" }],
        loadMatrix: { qps: [100, 500], connections: [8] },
      }),
    );
  });

  const post = (
    handler: (r: Request) => Promise<Response>,
    bearer: string,
    body: object,
    headers: Record<string, string> = {},
  ) =>
    handler(
      new Request("http://meshbench.test/api/v1/results", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${bearer}`,
          ...headers,
        },
        body: JSON.stringify(body),
      }),
    );
  const upload = (benchmark: string, extra: object = {}) => ({
    benchmark,
    variant: "istio",
    git: { branch: "main", commit: "0123456789abcdef" },
    labels: { ci: "yes" },
    trials: [
      { result: RESULT, repetition: 1 },
      { result: fortio("baseline-qps500-c8-rep1.json"), repetition: 1 },
    ],
    ...extra,
  });
  const runRows = (runId: string) =>
    Promise.all([
      db().run.findUniqueOrThrow({ where: { id: runId } }),
      db().trial.findMany({ where: { runId }, orderBy: { sequence: "asc" } }),
    ]);
  const comparable = ([run, trials]: Awaited<ReturnType<typeof runRows>>) => ({
    run: { ...run, id: null, createdAt: null, startedAt: null, finishedAt: null, updatedAt: null },
    trials: trials.map((t) => ({
      ...t,
      id: null,
      runId: null,
      createdAt: null,
      finishedAt: null,
      updatedAt: null,
    })),
  });

  it("stores the same run and trials and gives the same answer as the procedure", async () => {
    const token = await mint("same");
    // The first upload of a key creates its benchmark: that is the general path's to do.
    const first = await post(fast, token, upload("new-key"));
    expect(first.status).toBe(200);
    expect(fastAnswers).toHaveLength(0);
    expect(await db().benchmark.count({ where: { key: "new-key" } })).toBe(1);

    const viaFast = await post(fast, token, upload("same-rows"));
    const viaGeneral = await post(general, token, upload("same-rows"));
    expect(fastAnswers).toHaveLength(1);
    expect(observed).toEqual([2, 2, 2]); // three uploads of two trials, each counted once
    expect(viaFast.status).toBe(200);
    expect(viaFast.headers.get("content-type")).toBe("application/json");
    const a = (await viaFast.json()) as { runId: string };
    const b = (await viaGeneral.json()) as { runId: string };
    expect({ ...a, runId: null }).toEqual({ ...b, runId: null });
    expect(comparable(await runRows(a.runId))).toEqual(comparable(await runRows(b.runId)));
    const [run] = await runRows(a.runId);
    expect(run.workspaceId).toBe(ws);
    expect(run.definitionSource).toBe("snapshot");
  });

  it("spends one point per request on either path, and 429s with Retry-After at the limit", async () => {
    const limitedToken = await mint("limited");
    await post(fast, limitedToken, upload("limited")); // creates the benchmark (general)
    const answered = fastAnswers.length;
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < LIMIT + 2; i++) {
      const res = await post(fast, limitedToken, upload("limited"));
      statuses.push(res.status);
      if (res.status === 429) retryAfter = res.headers.get("retry-after");
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    expect(fastAnswers.length - answered).toBe(LIMIT - 1);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    const points = await db().rateLimit.findFirstOrThrow({
      where: { key: { endsWith: `:${ws}:${(await tokenId("limited"))!}` } },
    });
    expect(points.points).toBe(LIMIT + 3); // 7 requests, 7 points: none spent twice, none skipped
    expect(await db().run.count({ where: { benchmark: { key: "limited" } } })).toBe(LIMIT);
  });

  const tokenId = async (name: string) =>
    (await services.tokens.list(ws)).find((t) => t.name === name)?.id;

  it("keeps an Idempotency-Key's promise across both paths", async () => {
    const token = await mint("keyed");
    await post(general, token, upload("keyed")); // the benchmark
    const before = await db().run.count({ where: { benchmark: { key: "keyed" } } });
    const answered = fastAnswers.length;

    const key = { "idempotency-key": "fast-then-general" };
    const stored = await post(fast, token, upload("keyed"), key);
    expect(fastAnswers.length - answered).toBe(1);
    const replayed = await post(general, token, upload("keyed"), key);
    expect(replayed.headers.get("idempotency-replayed")).toBe("true");
    expect(await replayed.json()).toEqual(await stored.json());
    const again = await post(fast, token, upload("keyed"), key);
    expect(again.headers.get("idempotency-replayed")).toBe("true");
    expect((await post(fast, token, upload("keyed", { title: "other" }), key)).status).toBe(409);

    const other = { "idempotency-key": "general-then-fast" };
    const first = await post(general, token, upload("keyed"), other);
    const replay = await post(fast, token, upload("keyed"), other);
    expect(replay.headers.get("idempotency-replayed")).toBe("true");
    expect(await replay.json()).toEqual(await first.json());
    expect(fastAnswers.length - answered).toBe(1);
    expect(await db().run.count({ where: { benchmark: { key: "keyed" } } })).toBe(before + 2);
  });

  it("racing twins with one key store one run; each gets that run or a 409", async () => {
    const token = await mint("twins");
    await post(general, token, upload("twins"));
    const before = await db().run.count({ where: { benchmark: { key: "twins" } } });
    const key = { "idempotency-key": "racing-twins" };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post(fast, token, upload("twins"), key)),
    );
    expect(await db().run.count({ where: { benchmark: { key: "twins" } } })).toBe(before + 1);
    const runIds = new Set<string>();
    for (const res of answers) {
      expect([200, 409]).toContain(res.status);
      if (res.status === 200) runIds.add(((await res.json()) as { runId: string }).runId);
    }
    expect(runIds.size).toBe(1);
  });

  it("a benchmark edited between two uploads: the second run snapshots the new definition", async () => {
    const token = await mint("edited");
    const first = (await (await post(fast, token, upload("same-rows"))).json()) as {
      runId: string;
    };
    await db().benchmark.update({
      where: { workspaceId_key: { workspaceId: ws, key: "same-rows" } },
      data: { description: "edited after the first upload", repetitions: 5 },
    });
    const answered = fastAnswers.length;
    const second = (await (await post(fast, token, upload("same-rows"))).json()) as {
      runId: string;
    };
    expect(fastAnswers.length - answered).toBe(1);
    const [before] = await runRows(first.runId);
    const [after] = await runRows(second.runId);
    const edited = { description: "edited after the first upload", repetitions: 5 };
    expect(before.definition).not.toMatchObject({ definition: edited });
    expect(after.definition).toMatchObject({ definition: edited });
  });

  it("a revoked token is refused at once (nothing cached), and writes nothing", async () => {
    const { token: soon } = await services.tokens.create(
      ws,
      { name: "soon-revoked", scopes: ["results:write"] },
      audit,
    );
    await post(general, soon, upload("revoked"));
    expect((await post(fast, soon, upload("revoked"))).status).toBe(200);
    await services.tokens.revoke(ws, (await tokenId("soon-revoked"))!, audit);
    const before = await db().run.count();
    const refused = await post(fast, soon, upload("revoked"));
    expect(refused.status).toBe(401);
    expect(await db().run.count()).toBe(before);
  });
});
