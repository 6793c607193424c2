import { ZBenchmarkDefinition, type TBenchmarkDefinition } from "@meshbench/contracts";
import type { Database } from "../client";
import type { Prisma } from "../generated/prisma/client";

type Row = Prisma.BenchmarkGetPayload<object>;

/**
 * Stored JSON columns back into the validated definition (defaults filled for older rows); null
 * for a record a CI upload created (target "external", no load matrix): nothing to schedule.
 */
function toDefinition(row: Row): TBenchmarkDefinition | null {
  const parsed = ZBenchmarkDefinition.safeParse({
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
  return parsed.success ? parsed.data : null;
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
  const toStored = (row: Row): StoredBenchmark | null => {
    const definition = toDefinition(row);
    return definition
      ? { id: row.id, definition, createdAt: row.createdAt, updatedAt: row.updatedAt }
      : null;
  };
  return {
    /** Runnable definitions only: benchmarks that exist just to group CI uploads are left out. */
    async list(workspaceId: string) {
      const rows = await db.benchmark.findMany({
        where: { workspaceId },
        orderBy: { updatedAt: "desc" },
      });
      return rows.map(toStored).filter((b): b is StoredBenchmark => b !== null);
    },
    async get(workspaceId: string, benchmarkId: string) {
      const row = await db.benchmark.findFirst({ where: { id: benchmarkId, workspaceId } });
      return row ? toStored(row) : null;
    },
    async getByKey(workspaceId: string, key: string) {
      const row = await db.benchmark.findUnique({
        where: { workspaceId_key: { workspaceId, key } },
      });
      return row ? toStored(row) : null;
    },
    async keyTaken(workspaceId: string, key: string, exceptId?: string) {
      return (
        (await db.benchmark.count({
          where: { workspaceId, key, ...(exceptId ? { NOT: { id: exceptId } } : {}) },
        })) > 0
      );
    },
    async create(workspaceId: string, def: TBenchmarkDefinition): Promise<StoredBenchmark> {
      const row = await db.benchmark.create({ data: { workspaceId, ...toData(def) } });
      return { id: row.id, definition: def, createdAt: row.createdAt, updatedAt: row.updatedAt };
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
