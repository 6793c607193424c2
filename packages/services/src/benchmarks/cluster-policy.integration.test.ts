import { DomainError, ZBenchmarkDefinition } from "@meshbench/contracts";
import { createPrismaClient, type Database } from "@meshbench/db";
import { HOSTILE_BENCHMARKS } from "@meshbench/testing/hostile-benchmarks";
import { createTestDatabase } from "@meshbench/testing/postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServices } from "../create-services";

async function refusal(p: Promise<unknown>) {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  const d = error as DomainError;
  return { code: d.code, field: d.field, message: d.message };
}

describe("saving a benchmark applies the cluster policy to everything it would create (real database)", () => {
  let db: Database;
  let drop: () => Promise<void>;
  let ws: string;
  let existing: string;
  beforeAll(async () => {
    const test = await createTestDatabase();
    drop = test.drop;
    db = createPrismaClient(test.url);
    ws = (await db.workspace.create({ data: { slug: "policy", name: "Policy" } })).id;
    const { benchmarks } = createServices(db);
    existing = (
      await benchmarks.create(
        ws,
        ZBenchmarkDefinition.parse({
          key: "kept",
          name: "kept",
          target: { kind: "fortio-echo" },
          variants: [{ name: "base", mesh: "baseline" }],
          loadMatrix: { qps: [100], connections: [2] },
        }),
      )
    ).definition.key;
  });
  afterAll(async () => {
    await db.$disconnect();
    await drop();
  });

  it.each(HOSTILE_BENCHMARKS)(
    "refuses $name on create and on update, naming $field, storing nothing",
    async ({ field, message, definition }) => {
      const { benchmarks } = createServices(db);
      const before = await db.benchmark.findMany({ where: { workspaceId: ws } });
      const def = ZBenchmarkDefinition.parse({ key: "hostile", name: "hostile", ...definition });

      const created = await refusal(benchmarks.create(ws, def));
      expect(created).toMatchObject({ code: "BAD_REQUEST", field });
      expect(created.message).toMatch(message);

      const updated = await refusal(benchmarks.update(ws, existing, { ...def, key: "kept" }));
      expect(updated).toMatchObject({ code: "BAD_REQUEST", field });

      expect(await db.benchmark.findMany({ where: { workspaceId: ws } })).toEqual(before);
      expect((await benchmarks.get(ws, existing)).definition.variants.map((v) => v.name)).toEqual([
        "base",
      ]);
    },
  );
});
