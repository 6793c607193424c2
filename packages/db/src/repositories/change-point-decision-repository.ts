import { Prisma } from "../generated/prisma/client";
import type { Database } from "../client";

export type ChangePointDecisionRecord = {
  seriesKey: string;
  runId: string;
  status: "open" | "confirmed" | "dismissed";
  decidedByUserId: string | null;
  /** null while open (stored by detection on arrival, nobody judged it yet). */
  decidedAt: Date | null;
};

export type DetectedChangePoint = {
  seriesKey: string;
  runId: string;
  beforeMs: number;
  afterMs: number;
};

/**
 * Change points per benchmark, one per series and run (the identity): stored `open` when
 * detection on arrival first finds them, and people's calls on them (last wins).
 */
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
    ): Promise<ChangePointDecisionRecord & { decidedAt: Date }> {
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
      }) as Promise<ChangePointDecisionRecord & { decidedAt: Date }>;
    },

    /**
     * Stores the change points not seen before (open) and returns those: the unique key is the
     * identity, so a recomputation, or two workers at once, finds each one new exactly once.
     */
    async recordDetected(
      workspaceId: string,
      benchmarkKey: string,
      found: readonly DetectedChangePoint[],
      at = new Date(),
    ): Promise<DetectedChangePoint[]> {
      if (found.length === 0) return [];
      const known = await db.changePointDecision.findMany({
        where: {
          workspaceId,
          benchmarkKey,
          runId: { in: [...new Set(found.map((f) => f.runId))] },
        },
        select: { seriesKey: true, runId: true },
      });
      const seen = new Set(known.map((k) => `${k.seriesKey}\n${k.runId}`));
      const fresh: DetectedChangePoint[] = [];
      for (const f of found) {
        if (seen.has(`${f.seriesKey}\n${f.runId}`)) continue;
        try {
          await db.changePointDecision.create({
            data: { workspaceId, benchmarkKey, ...f, status: "open", detectedAt: at },
            select: { id: true },
          });
          fresh.push(f);
        } catch (error) {
          if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002"))
            throw error;
        }
      }
      return fresh;
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
