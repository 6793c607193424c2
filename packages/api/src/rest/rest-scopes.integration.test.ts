import { createIdempotencyRepository, createPrismaClient } from "@meshbench/db";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOKEN_SCOPES, type TTokenScope } from "@meshbench/contracts";
import { generateApiToken } from "@meshbench/services";
import { resolveActor } from "../auth/resolve-actor";
import { createCaller } from "../root";
import { matrixEntries } from "../test-support/cross-tenant-inputs";
import { buildMatrix } from "../test-support/matrix-fixtures";
import { openApiDocument } from "./openapi-document";
import { createRestHandler } from "./rest-handler";

const ORIGIN = "http://meshbench.test";
type Operation = { operationId: string };
const doc = openApiDocument("") as unknown as { paths: Record<string, Record<string, Operation>> };
const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({
    path,
    method,
    procedure: op.operationId.replace("-", "."),
  })),
);

/** A procedure's input as the documented request: path parameters, then a query (GET) or a body. */
function requestFor(method: string, template: string, input: unknown, token: string): Request {
  const rest = { ...(input as Record<string, unknown>) };
  const path = template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = String(rest[key]);
    delete rest[key];
    return encodeURIComponent(value);
  });
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  if (method === "get") {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(rest))
      if (value !== undefined)
        query.set(key, typeof value === "string" ? value : JSON.stringify(value));
    return new Request(`${ORIGIN}/api/v1${path}?${query.toString()}`, { headers });
  }
  return new Request(`${ORIGIN}/api/v1${path}`, {
    method: method.toUpperCase(),
    headers,
    body: JSON.stringify(rest),
  });
}

/**
 * The token-scope matrix over the documented REST surface: for every operation of the OpenAPI
 * document and a token holding exactly one scope, the token of the operation's scope succeeds and
 * every other one gets 403 — with the cross-tenant matrix's valid inputs, through the real REST
 * handler and real token resolution. No answer carries the kubeconfig's token.
 */
describe("REST token scopes, one scope per token, every operation", () => {
  const db = useTestDatabase(createPrismaClient);
  let matrix: Awaited<ReturnType<typeof buildMatrix>>;
  let handle: ReturnType<typeof createRestHandler>;
  const tokens = {} as Record<TTokenScope, string>;

  beforeAll(async () => {
    matrix = await buildMatrix(db());
    const { services, a } = matrix.fixtures;
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
    for (const scope of TOKEN_SCOPES) {
      const { token, prefix, hash } = generateApiToken();
      await db().apiToken.create({
        data: { workspaceId: a.workspaceId, name: scope, prefix, hash, scopes: [scope] },
      });
      tokens[scope] = token;
    }
  });
  afterAll(() => matrix?.close());

  for (const { path, method, procedure } of operations) {
    it(`${method.toUpperCase()} ${path} (${procedure})`, async () => {
      const entry = matrixEntries[procedure];
      if (!entry || entry.kind === "public") throw new Error(`${procedure}: no guarded entry`);
      const needs = entry.scope ?? (entry.minimum === "viewer" ? "read" : null);
      for (const scope of TOKEN_SCOPES) {
        const input = await entry.input(matrix.fixtures);
        const response = await handle(requestFor(method, path, input, tokens[scope]));
        const text = await response.text();
        expect(text, `${scope} → ${procedure}`).not.toContain("matrix-token");
        expect(response.status, `${scope} → ${procedure}: ${text.slice(0, 300)}`).toBe(
          scope === needs ? 200 : 403,
        );
      }
    });
  }
});

describe("budgets:write: admin-only, audited, never beside results:write or runs:trigger", () => {
  const db = useTestDatabase(createPrismaClient);
  let matrix: Awaited<ReturnType<typeof buildMatrix>>;
  beforeAll(async () => {
    matrix = await buildMatrix(db());
  });
  afterAll(() => matrix?.close());

  it("refuses to create a token holding budgets:write with results:write or runs:trigger", async () => {
    const admin = createCaller({
      services: matrix.fixtures.services,
      actor: matrix.callers.aAdmin,
    });
    const before = await db().apiToken.count();
    const audits = await db().auditEvent.count({ where: { action: "token.created" } });
    for (const other of ["results:write", "runs:trigger"] as const) {
      const refused = await admin.tokens
        .create({ name: "self-judging", scopes: ["read", "budgets:write", other] })
        .then(
          () => null,
          (e: { code: string; cause: { issues: { path: unknown[]; message: string }[] } }) => e,
        );
      expect(refused?.code).toBe("BAD_REQUEST");
      expect(refused?.cause.issues[0]).toMatchObject({ path: ["scopes"] });
      expect(refused?.cause.issues[0]?.message).toContain(other);
      await expect(
        matrix.fixtures.services.tokens.create(
          matrix.fixtures.a.workspaceId,
          { name: "seeded", scopes: ["budgets:write", other] },
          { actorUserId: null },
        ),
      ).rejects.toMatchObject({ code: "BAD_REQUEST", field: "scopes" });
    }
    expect(await db().apiToken.count()).toBe(before);
    expect(await db().auditEvent.count({ where: { action: "token.created" } })).toBe(audits);
    const ok = await admin.tokens.create({ name: "budgets", scopes: ["read", "budgets:write"] });
    expect(ok.scopes).toEqual(["read", "budgets:write"]);
  });

  it("audits a budget change by token with the token's id; members cannot change budgets", async () => {
    const { a, budgets, services } = matrix.fixtures;
    const member = createCaller({ services, actor: matrix.callers.aMember });
    await expect(
      member.verdicts.setBudgets({ benchmarkKey: a.benchmarkKey, budgets }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    const token = createCaller({ services, actor: matrix.callers.aAdminScopesToken });
    await token.verdicts.setBudgets({ benchmarkKey: a.benchmarkKey, budgets });
    const event = await db().auditEvent.findFirstOrThrow({
      where: { workspaceId: a.workspaceId, action: "benchmark.budgets_set" },
      orderBy: { createdAt: "desc" },
    });
    expect(event).toMatchObject({
      targetId: a.benchmarkKey,
      actorTokenId: matrix.callers.aAdminScopesToken.tokenId,
    });
    expect(event.metadata).toMatchObject({ rules: budgets.rules.length });
  });
});
