import type { Database } from "../client";

export type ChangePointDecisionRecord = {
  seriesKey: string;
  runId: string;
  status: "confirmed" | "dismissed";
  decidedByUserId: string | null;
  decidedAt: Date;
};

/** People's calls on detected change points, per benchmark; one per series and run (last wins). */
export function createChangePointDecisionRepository(db: Database) {
  return {
    async decide(
      workspaceId: string,
      input: {
        benchmarkKey: string;
        seriesKey: string;
        runId: string;
        status: "confirmed" | "dismissed";
        decidedByUserId: string | null;
      },
      at = new Date(),
    ): Promise<ChangePointDecisionRecord> {
      const { benchmarkKey, seriesKey, runId, status, decidedByUserId } = input;
      return db.changePointDecision.upsert({
        where: {
          workspaceId_benchmarkKey_seriesKey_runId: { workspaceId, benchmarkKey, seriesKey, runId },
        },
        update: { status, decidedByUserId, decidedAt: at },
        create: {
          workspaceId,
          benchmarkKey,
          seriesKey,
          runId,
          status,
          decidedByUserId,
          decidedAt: at,
        },
        select: {
          seriesKey: true,
          runId: true,
          status: true,
          decidedByUserId: true,
          decidedAt: true,
        },
      });
    },

    /** Whether the run is one of the benchmark's runs in this workspace. */
    async runOfBenchmark(workspaceId: string, benchmarkKey: string, runId: string) {
      const n = await db.run.count({
        where: { id: runId, workspaceId, benchmark: { key: benchmarkKey } },
      });
      return n > 0;
    },

    async list(workspaceId: string, benchmarkKey: string): Promise<ChangePointDecisionRecord[]> {
      return db.changePointDecision.findMany({
        where: { workspaceId, benchmarkKey },
        select: {
          seriesKey: true,
          runId: true,
          status: true,
          decidedByUserId: true,
          decidedAt: true,
        },
      });
    },
  };
}

export type ChangePointDecisionRepository = ReturnType<typeof createChangePointDecisionRepository>;
