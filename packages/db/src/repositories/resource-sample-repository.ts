import type { TResourceRole } from "@meshbench/contracts";
import type { Database } from "../client";

/** One CPU/memory reading of a container while a trial ran (the scheduler writes them). */
export type ResourceSampleInput = {
  trialKey: string | null;
  variant: string;
  role: TResourceRole;
  namespace: string;
  pod: string;
  container: string | null;
  cpuMillicores: number;
  memoryBytes: number;
  sampledAt: Date;
};

/** What reports read back: a run's samples in time order. */
export type ResourceSampleRow = Omit<ResourceSampleInput, "trialKey" | "namespace">;

/** A sample as per-level reports read it: with its trial's key (null between trials). */
export type TrialSampleRow = ResourceSampleInput;

/** The one home of ResourceSample: the scheduler writes samples, reports read them. */
export function createResourceSampleRepository(db: Database) {
  return {
    /** Stores samples of one run; the trial is found by its deterministic key. */
    async addMany(workspaceId: string, runId: string, samples: ResourceSampleInput[]) {
      if (samples.length === 0) return 0;
      const run = await db.run.findFirst({
        where: { id: runId, workspaceId },
        select: { id: true },
      });
      if (!run) return 0;
      const keys = [
        ...new Set(samples.map((s) => s.trialKey).filter((k): k is string => k !== null)),
      ];
      const trials = await db.trial.findMany({
        where: { runId, key: { in: keys } },
        select: { id: true, key: true },
      });
      const idOf = new Map(trials.map((t) => [t.key, t.id]));
      const { count } = await db.resourceSample.createMany({
        data: samples.map(({ trialKey, ...s }) => ({
          ...s,
          runId,
          trialId: trialKey ? (idOf.get(trialKey) ?? null) : null,
        })),
      });
      return count;
    },

    /** A run's samples with their trial's key and namespace, for per-level cost (reports). */
    async listTrialSamples(workspaceId: string, runId: string): Promise<TrialSampleRow[]> {
      const rows = await db.resourceSample.findMany({
        where: { runId, run: { workspaceId } },
        orderBy: { sampledAt: "asc" },
        select: {
          variant: true,
          role: true,
          namespace: true,
          pod: true,
          container: true,
          cpuMillicores: true,
          memoryBytes: true,
          sampledAt: true,
          trial: { select: { key: true } },
        },
      });
      return rows.map(({ trial, ...r }) => ({ ...r, trialKey: trial?.key ?? null }));
    },

    async listSamples(workspaceId: string, runId: string): Promise<ResourceSampleRow[]> {
      return db.resourceSample.findMany({
        where: { runId, run: { workspaceId } },
        orderBy: { sampledAt: "asc" },
        select: {
          variant: true,
          role: true,
          pod: true,
          container: true,
          cpuMillicores: true,
          memoryBytes: true,
          sampledAt: true,
        },
      });
    },
  };
}

export type ResourceSampleRepository = ReturnType<typeof createResourceSampleRepository>;
