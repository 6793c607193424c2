import { FINISHED_RUN_STATUSES } from "@meshbench/contracts";
import type { Database } from "../client";
import type { Prisma } from "../generated/prisma/client";

export type StoredNoiseCalibration = {
  id: string;
  clusterId: string;
  runId: string;
  /** The A/A run's status, so a reader can tell "still measuring" from "ended badly". */
  runStatus: string;
  /** core NoiseCalibration as stored; null until computed. */
  bands: unknown;
  levelsCalibrated: number;
  error: string | null;
  createdAt: Date;
  computedAt: Date | null;
};

const select = {
  id: true,
  clusterId: true,
  runId: true,
  bands: true,
  levelsCalibrated: true,
  error: true,
  createdAt: true,
  computedAt: true,
  run: { select: { status: true } },
} satisfies Prisma.NoiseCalibrationSelect;

type Row = Prisma.NoiseCalibrationGetPayload<{ select: typeof select }>;
const toStored = ({ run, ...row }: Row): StoredNoiseCalibration => ({
  ...row,
  runStatus: run.status,
});

/** A/A calibrations per cluster: which run measured the noise floor, and its bands once known. */
export function createNoiseCalibrationRepository(db: Database) {
  return {
    /** Marks `runId` as the cluster's A/A run (idempotent on the run). */
    async create(workspaceId: string, input: { clusterId: string; runId: string }) {
      const row = await db.noiseCalibration.upsert({
        where: { runId: input.runId },
        update: {},
        create: { workspaceId, clusterId: input.clusterId, runId: input.runId },
        select,
      });
      return toStored(row);
    },

    /** The cluster's newest calibration (any state), or with `ready`, the newest with bands. */
    async latest(
      workspaceId: string,
      clusterId: string,
      options: { ready?: boolean } = {},
    ): Promise<StoredNoiseCalibration | null> {
      const row = await db.noiseCalibration.findFirst({
        where: {
          workspaceId,
          clusterId,
          ...(options.ready ? { levelsCalibrated: { gt: 0 } } : {}),
        },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        select,
      });
      return row ? toStored(row) : null;
    },

    /** Calibrations still waiting for bands whose runs have ended (computed lazily on read). */
    async uncomputed(workspaceId: string, clusterId: string): Promise<StoredNoiseCalibration[]> {
      const rows = await db.noiseCalibration.findMany({
        where: {
          workspaceId,
          clusterId,
          computedAt: null,
          run: { status: { in: [...FINISHED_RUN_STATUSES] } },
        },
        orderBy: { createdAt: "asc" },
        select,
      });
      return rows.map(toStored);
    },

    async saveBands(
      id: string,
      result: { bands: unknown; levelsCalibrated: number; error: string | null },
      at = new Date(),
    ) {
      await db.noiseCalibration.update({
        where: { id },
        data: {
          bands: result.bands === null ? undefined : (result.bands as Prisma.InputJsonValue),
          levelsCalibrated: result.levelsCalibrated,
          error: result.error,
          computedAt: at,
        },
      });
    },

    /** The cluster a run was measured on (reports look its noise floor up by it). */
    async clusterOfRun(workspaceId: string, runId: string): Promise<string | null> {
      const run = await db.run.findFirst({
        where: { id: runId, workspaceId },
        select: { clusterId: true },
      });
      return run?.clusterId ?? null;
    },
  };
}

export type NoiseCalibrationRepository = ReturnType<typeof createNoiseCalibrationRepository>;
