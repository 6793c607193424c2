import { ZImportBundleInput, type TRunBundle } from "@meshbench/contracts";
import { createPrismaClient, createRunRepository } from "@meshbench/db";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { beforeAll, describe, expect, it } from "vitest";
import { createServices } from "../create-services";
import { recordFixtureRun, reps } from "../test-support/fixture-trials";
import { recordsDefinition } from "../test-support/records-fixture";

/** The secret's value: it must appear in no bundle, no import response, no stored definition. */
const SEALED = "Bearer eyJhbGciOiJIUzI1NiJ9.sealed-in-the-vault.c2lnbmF0dXJl";
const actor = { actorUserId: null };

describe("bundles and workspace secrets: names travel, values never (real database)", () => {
  const db = useTestDatabase(createPrismaClient);
  const fresh = () => createServices(db(), { runQueue: { enqueue: () => Promise.resolve() } });
  let body: string;
  let bundle: TRunBundle;

  beforeAll(async () => {
    const services = fresh();
    const ws = (await db().workspace.create({ data: { slug: "sealed", name: "sealed" } })).id;
    const cluster = await db().cluster.create({
      data: { workspaceId: ws, name: "sealed lab", status: "ready", serverVersion: "v1.32.0" },
    });
    await services.secrets.put(ws, { name: "elca-jwt", value: SEALED }, actor);
    const def = recordsDefinition("sealed-mesh");
    const bench = await services.benchmarks.create(ws, {
      ...def,
      requestHeaders: [
        { name: "Authorization", secret: "elca-jwt" },
        { name: "X-Tenant", value: "t1" },
      ],
    });
    const { runId } = await services.scheduling.start(ws, {
      benchmarkId: bench.id,
      clusterId: cluster.id,
      git: {},
      labels: {},
    });
    await recordFixtureRun(createRunRepository(db()), ws, runId, [
      ...reps("baseline", "baseline", 100, [1, 2, 3]),
      ...reps("istio", "nginx", 100, [1, 2, 3]),
    ]);
    body = (await fresh().bundles.export(ws, runId)).body;
    bundle = JSON.parse(body) as TRunBundle;
  });

  it("exports a secret header as <secret:name> and lists its name, never its value", () => {
    expect(body).not.toContain("sealed-in-the-vault");
    expect(body).not.toContain("eyJhbGciOiJIUzI1NiJ9");
    expect(bundle.secrets).toEqual(["elca-jwt"]);
    expect(bundle.definition?.snapshot.definition.requestHeaders).toEqual([
      { name: "Authorization", value: "<secret:elca-jwt>" },
      { name: "X-Tenant", value: "t1" },
    ]);
  });

  it("imports elsewhere with the placeholder mapped to that workspace's secret, and says it is missing", async () => {
    const services = fresh();
    const other = (await db().workspace.create({ data: { slug: "other", name: "other" } })).id;
    const result = await services.bundles.import(
      other,
      ZImportBundleInput.parse({ bundle, secrets: { "elca-jwt": "my-jwt" } }),
    );
    expect(result.missingSecrets).toEqual(["my-jwt"]);
    expect(JSON.stringify(result)).not.toContain("sealed-in-the-vault");
    const view = await services.runs.definition(other, result.runId);
    expect(view.snapshot?.definition.requestHeaders).toEqual([
      { name: "Authorization", secret: "my-jwt" },
      { name: "X-Tenant", value: "t1" },
    ]);
    // Running it again there asks for the secret before anything starts.
    const cluster = await db().cluster.create({
      data: { workspaceId: other, name: "other lab", status: "ready", serverVersion: "v1.32.0" },
    });
    const plan = await services.bundles.rerunPlan(other, {
      runId: result.runId,
      clusterId: cluster.id,
    });
    expect(plan.notes.join(" ")).toMatch(/no secret named my-jwt/);
    await expect(
      services.bundles.rerun(other, { runId: result.runId, clusterId: cluster.id }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", field: "requestHeaders[0].secret" });
    // With the secret created there (its own value), the rerun goes ahead.
    await services.secrets.put(other, { name: "my-jwt", value: "Bearer other-token" }, actor);
    const rerun = await services.bundles.rerun(other, {
      runId: result.runId,
      clusterId: cluster.id,
    });
    expect(rerun.runId).toBeTruthy();
  });

  it("refuses, as the attacker would try: an unlisted placeholder, a mapping of no listed secret, a credential in plain text — writing nothing", async () => {
    const target = (await db().workspace.create({ data: { slug: "target", name: "target" } })).id;
    const def = bundle.definition!.snapshot.definition;
    const withHeaders = (requestHeaders: { name: string; value: string }[], secrets: string[]) => ({
      ...bundle,
      secrets,
      definition: {
        ...bundle.definition!,
        snapshot: { ...bundle.definition!.snapshot, definition: { ...def, requestHeaders } },
      },
    });
    const cases = [
      [withHeaders([{ name: "Authorization", value: "<secret:other>" }], []), {}, "bundle.secrets"],
      [bundle, { "not-listed": "x" }, "secrets.not-listed"],
      [
        withHeaders([{ name: "Authorization", value: SEALED }], []),
        {},
        "bundle.definition.snapshot.definition.requestHeaders.0.value",
      ],
    ] as const;
    for (const [hostile, secrets, field] of cases)
      await expect(
        fresh().bundles.import(target, ZImportBundleInput.parse({ bundle: hostile, secrets })),
      ).rejects.toMatchObject({ code: "BAD_REQUEST", field });
    expect(await db().run.count({ where: { workspaceId: target } })).toBe(0);
  });
});
