import { createIdempotencyRepository, createPrismaClient } from "@meshbench/db";
import { createServices, type RunEnqueuer } from "@meshbench/services";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { beforeAll, describe, expect, it } from "vitest";
import type { TTokenScope } from "@meshbench/contracts";
import type { Actor } from "../../context";
import { createRestHandler } from "../../rest/rest-handler";
import { createCaller } from "../../root";
import { seedDemo } from "@meshbench/demo";

const ORIGIN = "http://meshbench.test";

describe("cluster-started runs: git and labels, cancel over tRPC and REST (real database)", () => {
  const db = useTestDatabase(createPrismaClient);
  let demo: Awaited<ReturnType<typeof seedDemo>>;
  const queue: RunEnqueuer = { enqueue: () => Promise.resolve() };
  const actor = (scopes: TTokenScope[], role: Actor["role"] = "member"): Actor => ({
    userId: null,
    workspaceId: demo.workspaceId,
    role,
    via: "token",
    tokenId: null,
    scopes,
  });
  const caller = (scopes: TTokenScope[]) =>
    createCaller({ services: createServices(db(), { runQueue: queue }), actor: actor(scopes) });
  const rest = (scopes: TTokenScope[]) =>
    createRestHandler({
      idempotency: () => createIdempotencyRepository(db()),
      createContext: () =>
        Promise.resolve({
          services: createServices(db(), { runQueue: queue }),
          actor: actor(scopes),
        }),
      trustedOrigins: [ORIGIN],
      onUnexpectedError: () => undefined,
    });
  const post = (scopes: TTokenScope[], path: string, body: unknown = {}) =>
    rest(scopes)(
      new Request(`${ORIGIN}/api/v1${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );

  beforeAll(async () => {
    demo = await seedDemo(db());
    await db().cluster.create({
      data: { workspaceId: demo.workspaceId, name: "kind-up", status: "ready" },
    });
  });

  it("stores git branch, commit, repo, PR and labels on a started run; the runs list filters by branch", async () => {
    const response = await post(["runs:trigger"], "/runs", {
      benchmarkKey: "nginx-vs-baseline",
      clusterName: "kind-up",
      git: { repo: "acme/shop", commit: "abc1234", branch: "feature-x", pr: "42" },
      labels: { mesh: "istio", "ci/job": "nightly" },
    });
    expect(response.status).toBe(200);
    const { runId } = (await response.json()) as { runId: string };
    const run = await caller(["read"]).runs.get({ runId });
    expect(run).toMatchObject({
      source: "scheduled",
      gitRepo: "acme/shop",
      gitCommit: "abc1234",
      gitBranch: "feature-x",
      gitPr: "42",
      labels: { mesh: "istio", "ci/job": "nightly" },
    });
    const listed = await caller(["read"]).runs.list({ gitBranch: "feature-x" });
    expect(listed.items.map((r) => r.id)).toEqual([runId]);
    // Once it succeeded, history on the branch (and so a verdict's reference) finds it.
    await db().run.update({ where: { id: runId }, data: { status: "succeeded" } });
    const history = await caller(["read"]).history.get({
      benchmarkKey: "nginx-vs-baseline",
      gitBranch: "feature-x",
    });
    expect(history.runs.map((r) => [r.runId, r.gitBranch, r.gitCommit])).toEqual([
      [runId, "feature-x", "abc1234"],
    ]);
  });

  it("refuses bad labels naming the field", async () => {
    const response = await post(["runs:trigger"], "/runs", {
      benchmarkKey: "nginx-vs-baseline",
      clusterName: "kind-up",
      labels: { "bad key!": "x" },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { field: string | null } };
    expect(body.error.field).toMatch(/^labels/);
  });

  it("cancels a queued run over REST with runs:trigger, then answers 409; read-only tokens get 403", async () => {
    const { runId } = await caller(["runs:trigger"]).runs.start({
      benchmarkKey: "nginx-vs-baseline",
      clusterName: "kind-up",
    });
    expect((await post(["read"], `/runs/${runId}/cancel`)).status).toBe(403);
    const first = await post(["runs:trigger"], `/runs/${runId}/cancel`);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ cancelled: true });
    expect((await caller(["read"]).runs.get({ runId })).status).toBe("cancelled");
    const again = await post(["runs:trigger"], `/runs/${runId}/cancel`);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      "The run is already cancelled",
    );
    expect((await post(["runs:trigger"], `/runs/nosuchrun/cancel`)).status).toBe(404);
  });
});
