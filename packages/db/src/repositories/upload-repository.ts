import { sqlPool, type Database } from "../client";
import type { Prisma } from "../generated/prisma/client";
import { toDefinition } from "./benchmark-repository";
import { insertRunWithTrials } from "./upload-insert";
import {
  completedTrialData,
  runCreateData,
  type CompletedTrialInput,
  type CreateRunInput,
} from "./run-repository";

type BenchmarkRow = Prisma.BenchmarkGetPayload<object>;

export type UploadRunInput = Omit<
  CreateRunInput,
  "source" | "status" | "benchmarkId" | "clusterId"
> & {
  benchmarkKey: string;
  trials: CompletedTrialInput[];
};

/**
 * Stores a CI upload as one succeeded run of source `ci_upload`, all or nothing. A benchmark key
 * seen for the first time creates a benchmark record (with no budgets) so history can group it.
 */
export function createUploadRepository(db: Database) {
  return {
    async createUploadRun(workspaceId: string, input: UploadRunInput) {
      const { benchmarkKey, trials, ...run } = input;
      // Outside the run's insert on purpose: idempotent, and harmless if that insert fails (an
      // empty benchmark record that the retry reuses). Looked up first: it nearly always exists,
      // and an ORM upsert costs a transaction of three selects. A benchmark with a definition
      // gives the run its snapshot, written with the run.
      // On the driver's pool (the ORM's findUnique costs about three round trips' time; bench:
      // ingest), with whether anyone is alerted about the benchmark (the caller skips the
      // after-upload detection when nobody is).
      const { rows } = await sqlPool(db).query<BenchmarkRow & { alerting: boolean }>(
        `SELECT b.*, EXISTS (SELECT 1 FROM "AlertRule" r WHERE r."benchmarkId" = b."id") AS "alerting"
         FROM "Benchmark" b WHERE b."workspaceId" = $1 AND b."key" = $2`,
        [workspaceId, benchmarkKey],
      );
      const existing = rows[0];
      const benchmark =
        existing ??
        (await db.benchmark.upsert({
          where: { workspaceId_key: { workspaceId, key: benchmarkKey } },
          update: {},
          create: {
            workspaceId,
            key: benchmarkKey,
            name: benchmarkKey,
            description: "Created by a CI upload.",
            target: { kind: "external" },
            variants: [...new Set(trials.map((t) => t.coordinates.variant))].map((name) => ({
              name,
            })),
            loadMatrix: {},
            methodology: {},
          },
          select: { id: true },
        }));
      // The run and all its trials in one statement (upload-insert.ts): one round trip, one commit.
      const now = new Date();
      const runId = await insertRunWithTrials(
        db,
        {
          ...runCreateData(workspaceId, {
            ...run,
            source: "ci_upload",
            status: "succeeded",
            benchmarkId: benchmark.id,
            definition: existing ? toDefinition(existing) : null,
          }),
          trialsTotal: trials.length,
          trialsDone: trials.length,
          startedAt: now,
          finishedAt: now,
        },
        trials.map((t) => ({ key: t.key, ...completedTrialData(t) })),
      );
      return { runId, trialKeys: trials.map((t) => t.key), alerting: existing?.alerting ?? false };
    },
  };
}

export type UploadRepository = ReturnType<typeof createUploadRepository>;
