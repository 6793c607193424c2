import { readFileSync } from "node:fs";
import path from "node:path";
import type { TClusterCheckResult } from "@meshbench/contracts";
import { createIdempotencyRepository, createPrismaClient } from "@meshbench/db";
import { createServices } from "@meshbench/services";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateApiToken } from "@meshbench/services";
import { resolveActor } from "../auth/resolve-actor";
import type { TTokenScope } from "@meshbench/contracts";
import { demoMatrixDir } from "@meshbench/demo";
import { startFakeApiserver, TEST_CLUSTER_RULES } from "../test-support/fake-apiserver";
import { createRestHandler } from "./rest-handler";

const ORIGIN = "http://meshbench.test";

/**
 * Cluster registration over REST, as `meshbench cluster connect --register` does it: real tokens
 * resolved by resolveActor, a loopback apiserver. Only `clusters:write` reaches these routes, and
 * it reaches nothing else.
 */
describe("POST /clusters and PUT /clusters/{id}/credentials with API tokens", () => {
  const db = useTestDatabase(createPrismaClient);
  let apiserver: Awaited<ReturnType<typeof startFakeApiserver>>;
  let workspaceId: string;
  const tokens = {} as Record<"clusters" | "read" | "results" | "runs" | "ci", string>;
  let handle: ReturnType<typeof createRestHandler>;

  const tokenWith = async (scopes: TTokenScope[]) => {
    const { token, prefix, hash } = generateApiToken();
    await db().apiToken.create({ data: { workspaceId, name: "rest", prefix, hash, scopes } });
    return token;
  };
  const send = (method: string, route: string, token: string, body: unknown) =>
    handle(
      new Request(`${ORIGIN}/api/v1${route}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
  const register = (token: string, name: string) =>
    send("POST", "/clusters", token, {
      name,
      auth: { mode: "kubeconfig", kubeconfig: apiserver.kubeconfig },
    });

  beforeAll(async () => {
    apiserver = await startFakeApiserver();
    workspaceId = (await db().workspace.create({ data: { slug: "rest-c", name: "REST c" } })).id;
    const services = createServices(db(), { clusterRules: TEST_CLUSTER_RULES });
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
    tokens.clusters = await tokenWith(["clusters:write"]);
    tokens.read = await tokenWith(["read"]);
    tokens.results = await tokenWith(["results:write"]);
    tokens.runs = await tokenWith(["runs:trigger"]);
    tokens.ci = await tokenWith(["read", "results:write", "runs:trigger"]);
  });
  afterAll(() => apiserver?.close());

  it("registers with a clusters:write token, answers status and permissions, and audits the token", async () => {
    const response = await register(tokens.clusters, "connected");
    expect(response.status).toBe(200);
    const body = (await response.json()) as TClusterCheckResult;
    expect(body.cluster).toMatchObject({ name: "connected", status: "ready", context: "matrix" });
    expect(body.validation).toMatchObject({ reachable: true, missing: [] });
    expect(body.validation.permissions.length).toBeGreaterThan(0);
    expect(JSON.stringify(body)).not.toContain("matrix-token");
    const event = await db().auditEvent.findFirstOrThrow({
      where: { workspaceId, action: "cluster.registered", targetId: body.cluster.id },
    });
    expect(event.actorTokenId).not.toBeNull();
    expect(JSON.stringify(event.metadata)).not.toContain("matrix-token");
  });

  it("updates credentials over PUT, keeping the id", async () => {
    const { cluster } = (await (await register(tokens.clusters, "rotating")).json()) as {
      cluster: { id: string };
    };
    const response = await send("PUT", `/clusters/${cluster.id}/credentials`, tokens.clusters, {
      kubeconfig: apiserver.kubeconfig,
      context: "matrix",
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as TClusterCheckResult;
    expect(body.cluster).toMatchObject({ id: cluster.id, name: "rotating", status: "ready" });
    const missing = await send("PUT", "/clusters/nosuchid/credentials", tokens.clusters, {
      kubeconfig: apiserver.kubeconfig,
    });
    expect(missing.status).toBe(404);
  });

  it("refuses read, results:write and runs:trigger tokens with 403, registering nothing", async () => {
    const { cluster } = (await (await register(tokens.clusters, "target")).json()) as {
      cluster: { id: string };
    };
    const updates = () =>
      db().auditEvent.count({ where: { workspaceId, action: "cluster.credentials_updated" } });
    const before = await db().cluster.count({ where: { workspaceId } });
    const updatesBefore = await updates();
    for (const token of [tokens.read, tokens.results, tokens.runs, tokens.ci]) {
      const created = await register(token, `intruder ${before}`);
      expect(created.status).toBe(403);
      const updated = await send("PUT", `/clusters/${cluster.id}/credentials`, token, {
        kubeconfig: apiserver.kubeconfig,
      });
      expect(updated.status).toBe(403);
    }
    expect(await db().cluster.count({ where: { workspaceId } })).toBe(before);
    expect(await updates()).toBe(updatesBefore);
  });

  it("gives a clusters:write token nothing else: no upload, no run, no reads", async () => {
    const result = readFileSync(path.join(demoMatrixDir, "baseline-qps100-c8-rep1.json"), "utf8");
    const upload = await send("POST", "/results", tokens.clusters, {
      benchmark: "sneaky",
      trials: [{ result }],
    });
    expect(upload.status).toBe(403);
    const run = await send("POST", "/runs", tokens.clusters, {
      benchmarkKey: "any",
      clusterName: "connected",
    });
    expect(run.status).toBe(403);
    const list = await handle(
      new Request(`${ORIGIN}/api/v1/templates`, {
        headers: { authorization: `Bearer ${tokens.clusters}` },
      }),
    );
    expect(list.status).toBe(403);
    expect(await db().run.count({ where: { workspaceId } })).toBe(0);
  });
});
