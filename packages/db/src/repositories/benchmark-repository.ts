import { ZBenchmarkDefinition, type TBenchmarkDefinition } from "@meshbench/contracts";
import type { Database } from "../client";
import type { Prisma } from "../generated/prisma/client";

type Row = Prisma.BenchmarkGetPayload<object>;

/** Stored JSON columns back into the validated definition (defaults filled for older rows). */
function toDefinition(row: Row): TBenchmarkDefinition {
  return ZBenchmarkDefinition.parse({
    key: row.key,
    name: row.name,
    description: row.description,
    target: row.target,
    variants: row.variants,
    loadMatrix: row.loadMatrix,
    repetitions: row.repetitions,
    durationSeconds: row.durationSeconds,
    warmupSeconds: row.warmupSeconds,
    methodology: row.methodology,
  });
}

function toData(def: TBenchmarkDefinition) {
  return {
    key: def.key,
    name: def.name,
    description: def.description ?? null,
    target: def.target as Prisma.InputJsonValue,
    variants: def.variants as Prisma.InputJsonValue,
    loadMatrix: def.loadMatrix as Prisma.InputJsonValue,
    repetitions: def.repetitions,
    durationSeconds: def.durationSeconds,
    warmupSeconds: def.warmupSeconds,
    methodology: def.methodology as Prisma.InputJsonValue,
  };
}

export type StoredBenchmark = {
  id: string;
  definition: TBenchmarkDefinition;
  createdAt: Date;
  updatedAt: Date;
};

export function createBenchmarkRepository(db: Database) {
  const toStored = (row: Row): StoredBenchmark => ({
    id: row.id,
    definition: toDefinition(row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  });
  return {
    async list(workspaceId: string) {
      const rows = await db.benchmark.findMany({
        where: { workspaceId },
        orderBy: { updatedAt: "desc" },
      });
      return rows.map(toStored);
    },
    async get(workspaceId: string, benchmarkId: string) {
      const row = await db.benchmark.findFirst({ where: { id: benchmarkId, workspaceId } });
      return row ? toStored(row) : null;
    },
    async keyTaken(workspaceId: string, key: string, exceptId?: string) {
      return (
        (await db.benchmark.count({
          where: { workspaceId, key, ...(exceptId ? { NOT: { id: exceptId } } : {}) },
        })) > 0
      );
    },
    async create(workspaceId: string, def: TBenchmarkDefinition) {
      return toStored(await db.benchmark.create({ data: { workspaceId, ...toData(def) } }));
    },
    async update(workspaceId: string, benchmarkId: string, def: TBenchmarkDefinition) {
      const { count } = await db.benchmark.updateMany({
        where: { id: benchmarkId, workspaceId },
        data: toData(def),
      });
      return count > 0 ? this.get(workspaceId, benchmarkId) : null;
    },
  };
}

export type BenchmarkRepository = ReturnType<typeof createBenchmarkRepository>;
