import {
  ZBenchmarkDefinition,
  type TBenchmarkDefinition,
  type TBenchmarkLastRun,
} from "@meshbench/contracts";
import type { Database } from "../client";
import type { Prisma } from "../generated/prisma/client";

type Row = Prisma.BenchmarkGetPayload<object>;

/**
 * Definition fields that have no column of their own (capacity search, report sections,
 * template, the benchmark's request headers) ride in the methodology JSON column under this key, so no migration is needed.
 */
const EXTRAS = "definitionExtras";

/**
 * Stored JSON columns back into the validated definition (defaults filled for older rows); null
 * for a record a CI upload created (target "external", no load matrix): nothing to schedule.
 */
function toDefinition(row: Row): TBenchmarkDefinition | null {
  const extras = (row.methodology as { [EXTRAS]?: Record<string, unknown> } | null)?.[EXTRAS] ?? {};
  const parsed = ZBenchmarkDefinition.safeParse({
    ...extras,
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
  const extras = {
    capacity: def.capacity,
    reportSections: def.reportSections,
    template: def.template,
    requestHeaders: def.requestHeaders,
  };
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
    methodology: { ...def.methodology, [EXTRAS]: extras } as Prisma.InputJsonValue,
  };
}

export type StoredBenchmark = {
  id: string;
  definition: TBenchmarkDefinition;
  createdAt: Date;
  updatedAt: Date;
};

/**
 * One row of the benchmarks list: every benchmark of the workspace, `definition` null for one a CI
 * upload created (it only groups uploads), with its most recent run.
 */
export type ListedBenchmark = {
  id: string;
  key: string;
  name: string;
  description: string | null;
  definition: TBenchmarkDefinition | null;
  lastRun: TBenchmarkLastRun | null;
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
    /**
     * Every benchmark (CI-only ones with a null definition) and its latest run, in three queries
     * whatever the count: the benchmarks, the newest run time per benchmark (a groupBy on the
     * (workspaceId, benchmarkId, createdAt) index), then the runs at those times.
     */
    async list(workspaceId: string): Promise<ListedBenchmark[]> {
      const rows = await db.benchmark.findMany({
        where: { workspaceId },
        orderBy: { updatedAt: "desc" },
      });
      if (rows.length === 0) return [];
      const latest = await db.run.groupBy({
        by: ["benchmarkId"],
        where: { workspaceId, benchmarkId: { in: rows.map((r) => r.id) } },
        _max: { createdAt: true },
      });
      const pairs = latest.flatMap((g) =>
        g.benchmarkId && g._max.createdAt
          ? [{ benchmarkId: g.benchmarkId, createdAt: g._max.createdAt }]
          : [],
      );
      const runs =
        pairs.length === 0
          ? []
          : await db.run.findMany({
              where: { workspaceId, OR: pairs },
              select: { id: true, status: true, createdAt: true, benchmarkId: true },
              orderBy: [{ createdAt: "desc" }, { id: "desc" }],
            });
      const lastRuns = new Map<string, TBenchmarkLastRun>();
      for (const { benchmarkId, ...run } of runs) {
        // Ties on createdAt: the first (highest id) wins, as in runs.list's order.
        if (benchmarkId && !lastRuns.has(benchmarkId)) lastRuns.set(benchmarkId, run);
      }
      return rows.map((row) => ({
        id: row.id,
        key: row.key,
        name: row.name,
        description: row.description,
        definition: toDefinition(row),
        lastRun: lastRuns.get(row.id) ?? null,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
      }));
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
    /** Id, name and raw budgets by key (CI-only benchmarks included): verdicts and history. */
    async getBudgets(workspaceId: string, key: string) {
      return db.benchmark.findUnique({
        where: { workspaceId_key: { workspaceId, key } },
        select: { id: true, key: true, name: true, budgets: true },
      });
    },
    async setBudgets(workspaceId: string, key: string, budgets: unknown) {
      const updated = await db.benchmark.updateMany({
        where: { workspaceId, key },
        data: { budgets: budgets as Prisma.InputJsonValue },
      });
      return updated.count > 0;
    },
  };
}

export type BenchmarkRepository = ReturnType<typeof createBenchmarkRepository>;
