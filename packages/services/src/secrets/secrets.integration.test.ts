import { ZBenchmarkDefinition, type TBenchmarkDefinitionInput } from "@meshbench/contracts";
import { createPrismaClient } from "@meshbench/db";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { beforeAll, describe, expect, it } from "vitest";
import { createServices, type Services } from "../create-services";

const VALUE = "Bearer sekr1t-header-value-7f3a";
const actor = { actorUserId: null, actorTokenId: null };

const definition = (headers: TBenchmarkDefinitionInput["requestHeaders"]) =>
  ZBenchmarkDefinition.parse({
    key: "jwt",
    name: "jwt",
    target: { kind: "fortio-echo" },
    variants: [
      { name: "base", mesh: "baseline" },
      { name: "jwt", mesh: "baseline", requestHeaders: headers },
    ],
    loadMatrix: { qps: [100], connections: [2] },
  });

describe("workspace header secrets (real database)", () => {
  const db = useTestDatabase(createPrismaClient);
  let services: Services;
  let ws: string;
  let other: string;

  beforeAll(async () => {
    services = createServices(db());
    ws = (await db().workspace.create({ data: { slug: "sec", name: "Sec" } })).id;
    other = (await db().workspace.create({ data: { slug: "other", name: "Other" } })).id;
  });

  it("seals a value, lists names and times only, audits each change without the value", async () => {
    const created = await services.secrets.put(ws, { name: "elca-jwt", value: VALUE }, actor);
    expect(Object.keys(created).sort()).toEqual(["createdAt", "name", "purpose", "updatedAt"]);
    await services.secrets.put(ws, { name: "elca-jwt", value: `${VALUE}-2` }, actor);
    const listed = await services.secrets.list(ws);
    expect(listed.map((s) => s.name)).toEqual(["elca-jwt"]);
    expect(JSON.stringify(listed)).not.toContain("sekr1t");
    const row = await db().workspaceSecret.findFirstOrThrow({ where: { workspaceId: ws } });
    expect(Buffer.from(row.ciphertext).toString("latin1")).not.toContain("sekr1t");
    const audit = await db().auditEvent.findMany({
      where: { workspaceId: ws },
      orderBy: { createdAt: "asc" },
    });
    expect(audit.map((a) => a.action)).toEqual(["secret.created", "secret.replaced"]);
    expect(JSON.stringify(audit)).not.toContain("sekr1t");
    expect(await services.secrets.list(other)).toEqual([]);
  });

  it("opens a variant's headers for the request only, merged with the benchmark's", async () => {
    const def = definition([{ name: "Authorization", secret: "elca-jwt" }]);
    expect(await services.secrets.openRequestHeaders(ws, def, "jwt")).toEqual([
      { name: "Authorization", value: `${VALUE}-2` },
    ]);
    expect(await services.secrets.openRequestHeaders(ws, def, "base")).toEqual([]);
    await expect(services.secrets.openRequestHeaders(other, def, "jwt")).rejects.toThrow(
      'the workspace secret "elca-jwt" is missing',
    );
  });

  it("refuses a benchmark naming a secret the workspace lacks, naming the field, storing nothing", async () => {
    const def = definition([{ name: "Authorization", secret: "nope" }]);
    await expect(services.benchmarks.create(ws, def)).rejects.toMatchObject({
      code: "BAD_REQUEST",
      field: "variants[1].requestHeaders[0].secret",
    });
    await expect(
      services.benchmarks.create(other, definition([{ name: "A", secret: "elca-jwt" }])),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await db().benchmark.count()).toBe(0);
    const saved = await services.benchmarks.create(
      ws,
      definition([{ name: "Authorization", secret: "elca-jwt" }]),
    );
    expect(JSON.stringify(saved)).not.toContain("sekr1t");
    expect(saved.definition.variants[1]!.requestHeaders).toEqual([
      { name: "Authorization", secret: "elca-jwt" },
    ]);
  });

  it("a ciphertext copied to another workspace, name or purpose does not open", async () => {
    const row = await db().workspaceSecret.findFirstOrThrow({ where: { workspaceId: ws } });
    const copy = { ciphertext: row.ciphertext, keyId: row.keyId, purpose: row.purpose };
    await db().workspaceSecret.create({ data: { ...copy, workspaceId: other, name: "elca-jwt" } });
    await db().workspaceSecret.create({ data: { ...copy, workspaceId: ws, name: "renamed" } });
    const def = (name: string) => definition([{ name: "Authorization", secret: name }]);
    await expect(
      services.secrets.openRequestHeaders(other, def("elca-jwt"), "jwt"),
    ).rejects.toThrow();
    await expect(services.secrets.openRequestHeaders(ws, def("renamed"), "jwt")).rejects.toThrow();
    // As a kubeconfig: a cluster whose sealed kubeconfig is the header secret's ciphertext.
    const cluster = await db().cluster.create({
      data: {
        workspaceId: ws,
        name: "elca-jwt",
        kubeconfigCiphertext: row.ciphertext,
        kubeconfigKeyId: row.keyId,
        status: "ready",
      },
    });
    await expect(services.clusterAccess.open(ws, cluster.id)).rejects.toMatchObject({
      code: "PRECONDITION_FAILED",
      message: "The cluster's kubeconfig cannot be decrypted with the configured keys",
    });
  });

  it("deletes (audited) and then a run of a benchmark that needs it is refused at start", async () => {
    await services.secrets.delete(ws, "elca-jwt", actor);
    await expect(services.secrets.delete(ws, "elca-jwt", actor)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const bench = await db().benchmark.findFirstOrThrow({ where: { workspaceId: ws } });
    const cluster = await db().cluster.findFirstOrThrow({ where: { workspaceId: ws } });
    const scheduling = createServices(db(), {
      runQueue: { enqueue: () => Promise.resolve(null) },
    }).scheduling;
    await expect(
      scheduling.start(ws, { benchmarkId: bench.id, clusterId: cluster.id, git: {}, labels: {} }),
    ).rejects.toMatchObject({
      code: "PRECONDITION_FAILED",
      message: expect.stringContaining("names the secret elca-jwt") as unknown,
    });
    expect(await db().run.count()).toBe(0);
  });
});
