import { readFileSync } from "node:fs";
import path from "node:path";
import { createIdempotencyRepository, createPrismaClient } from "@meshbench/db";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../context";
import { createRestHandler } from "../../rest";
import { createCaller } from "../../root";
import { demoMatrixDir } from "@meshbench/demo";
import { createServices } from "@meshbench/services";

const matrix = (name: string) => readFileSync(path.join(demoMatrixDir, `${name}.json`), "utf8");

describe("results.upload over a real database", () => {
  const db = useTestDatabase(createPrismaClient);
  let workspaceId: string;
  const actor = (): Actor => ({
    userId: null,
    workspaceId,
    role: "member",
    via: "token",
    tokenId: null,
    scopes: ["read", "results:write"],
  });
  const caller = () => createCaller({ services: createServices(db()), actor: actor() });
  const counts = async () => ({
    runs: await db().run.count({ where: { workspaceId } }),
    trials: await db().trial.count({ where: { run: { workspaceId } } }),
    benchmarks: await db().benchmark.count({ where: { workspaceId } }),
  });

  beforeAll(async () => {
    workspaceId = (await db().workspace.create({ data: { slug: "ci", name: "CI" } })).id;
  });

  it("stores several trials as one succeeded CI run, repetitions counting up per cell", async () => {
    const out = await caller().results.upload({
      benchmark: "echo-mesh",
      git: { branch: "main", commit: "0123456789abcdef0123" },
      mesh: { name: "nginx", version: "1.22" },
      labels: { tag: "v1" },
      trials: [
        { result: matrix("baseline-qps500-c8-rep1") },
        { result: matrix("baseline-qps500-c8-rep2") },
        {
          result: JSON.parse(matrix("nginx-qps500-c8-rep1")) as Record<string, unknown>,
          variant: "nginx",
        },
        { result: matrix("nginx-qps500-c8-rep2"), variant: "nginx", repetition: 7 },
        { result: matrix("baseline-qps1000-c8-rep1") },
      ],
    });
    expect(out.status).toBe("succeeded");
    expect(out.trials.map((t) => `${t.variant}@${t.requestedQps}#${t.repetition}`)).toEqual([
      "baseline@500#1",
      "baseline@500#2",
      "nginx@500#1",
      "nginx@500#7",
      "baseline@1000#1",
    ]);
    expect(out.trials[0]).toMatchObject({
      connections: 8,
      loadGenerator: "fortio",
      requestCount: 2496,
    });

    const run = await caller().results.getRun({ runId: out.runId });
    expect(run).toMatchObject({
      status: "succeeded",
      benchmarkKey: "echo-mesh",
      trialsTotal: 5,
      trialsDone: 5,
      git: { branch: "main", commit: "0123456789abcdef0123" },
      labels: { tag: "v1", mesh: "nginx", meshVersion: "1.22" },
      title: "echo-mesh upload — main @ 0123456789ab",
    });
    expect(run.trials.map((t) => t.key).sort()).toEqual(out.trials.map((t) => t.key).sort());
    expect(run.trials.every((t) => (t.latencyMs.p50Ms ?? 0) > 0)).toBe(true);
  });

  it("lists the benchmark a CI upload created as CI-only, with its last run", async () => {
    // The upload above created "echo-mesh" with no definition (target "external", no load
    // matrix): the list must show it, marked ciOnly, so its history stays reachable.
    const admin = createCaller({
      services: createServices(db()),
      actor: { userId: null, workspaceId, role: "admin", via: "local" },
    });
    const second = await caller().results.upload({
      benchmark: "echo-mesh",
      trials: [{ result: matrix("baseline-qps500-c8-rep1") }],
    });
    const list = await admin.benchmarks.list();
    expect(list).toEqual([
      {
        id: expect.any(String) as string,
        key: "echo-mesh",
        name: "echo-mesh",
        description: "Created by a CI upload.",
        ciOnly: true,
        lastRun: { id: second.runId, status: "succeeded", createdAt: expect.any(Date) as Date },
        updatedAt: expect.any(Date) as Date,
      },
    ]);
    // Still nothing to start or edit: get keeps refusing a definition-less benchmark.
    await expect(admin.benchmarks.get({ benchmarkKey: list[0]!.key })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("turns an importer error into BAD_REQUEST naming trials[i].result and writes nothing", async () => {
    const before = await counts();
    const error = await caller()
      .results.upload({
        benchmark: "never-created",
        trials: [
          { result: matrix("baseline-qps100-c8-rep1") },
          { result: '{"nope": true}', format: "fortio" },
        ],
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "BAD_REQUEST" });
    const { message, cause } = error as { message: string; cause: { field?: string } };
    expect(cause.field).toMatch(/^trials\[1\]\.result/);
    expect(message).toMatch(/^trials\[1\]\.result/);
    // A later refusal (two trials in one cell) is all-or-nothing too.
    await expect(
      caller().results.upload({
        benchmark: "never-created",
        trials: [
          { result: matrix("baseline-qps100-c8-rep1"), repetition: 1 },
          { result: matrix("baseline-qps100-c8-rep2"), repetition: 1 },
        ],
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", cause: { field: "trials[1].repetition" } });
    expect(await counts()).toEqual(before);
    expect(await db().benchmark.findFirst({ where: { key: "never-created" } })).toBeNull();
  });

  describe("Idempotency-Key on the REST transport (IdempotencyRecord rows)", () => {
    const handler = () =>
      createRestHandler({
        idempotency: () => createIdempotencyRepository(db()),
        createContext: () => Promise.resolve({ services: createServices(db()), actor: actor() }),
        trustedOrigins: ["http://meshbench.test"],
      });
    const post = (key: string, body: unknown) =>
      handler()(
        new Request("http://meshbench.test/api/v1/results", {
          method: "POST",
          headers: { "content-type": "application/json", "idempotency-key": key },
          body: JSON.stringify(body),
        }),
      );
    const body = { benchmark: "idem", trials: [{ result: matrix("nginx-qps100-c8-rep3") }] };

    it("replays the first response for a retry and stores the run once", async () => {
      const before = await counts();
      const first = await post("retry-1", body);
      const retry = await post("retry-1", body);
      expect(first.status).toBe(200);
      expect(retry.status).toBe(200);
      expect(first.headers.get("idempotency-replayed")).toBeNull();
      expect(retry.headers.get("idempotency-replayed")).toBe("true");
      const [a, b] = (await Promise.all([first.json(), retry.json()])) as { runId: string }[];
      expect(b!.runId).toBe(a!.runId);
      expect((await counts()).runs).toBe(before.runs + 1);
    });

    it("refuses the same key with another body (409) and a concurrent twin (409), storing nothing more", async () => {
      const before = await counts();
      const changed = await post("retry-1", { ...body, labels: { x: "y" } });
      expect(changed.status).toBe(409);
      expect(((await changed.json()) as { error: { code: string } }).error.code).toBe("CONFLICT");

      const twins = await Promise.all([post("twin-1", body), post("twin-1", body)]);
      const statuses = twins.map((r) => r.status).sort();
      // Either the second waited for nothing (in flight → 409) or arrived after (replay → 200).
      expect([
        [200, 200],
        [200, 409],
      ]).toContainEqual(statuses);
      expect((await counts()).runs).toBe(before.runs + 1);
    });

    it("stores only successes: a refused upload can be fixed and retried under the same key", async () => {
      const bad = await post("fix-me", { benchmark: "idem", trials: [{ result: "garbage" }] });
      expect(bad.status).toBe(400);
      const badBody = (await bad.json()) as { error: { field: string } };
      expect(badBody.error.field).toMatch(/^trials\[0\]\.result/);
      const again = await post("fix-me", { benchmark: "idem", trials: [{ result: "garbage" }] });
      expect(again.status).toBe(400);
      expect(again.headers.get("idempotency-replayed")).toBeNull();
      const fixed = await post("fix-me", body);
      expect(fixed.status).toBe(200);
    });
  });
});
