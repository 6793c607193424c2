import { sqlPool, type Database } from "../client";
import type { Prisma } from "../generated/prisma/client";
import { toDefinition } from "./benchmark-repository";
import type { GuardedSpend } from "./rate-limiter";
import { readTokenGate, tokenIdempotencyKey, type TokenUploadGate } from "./upload-gate";
import { insertRunWithTrials, newRowId } from "./upload-insert";
import {
  completedTrialData,
  runCreateData,
  type CompletedTrialInput,
  type CreateRunInput,
} from "./run-repository";

type BenchmarkRow = Prisma.BenchmarkGetPayload<object>;

/** Postgres' SQLSTATE for a unique constraint violated. */
const UNIQUE_VIOLATION = "23505";

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
      const stored = await insertRunWithTrials(
        db,
        uploadRunRow(workspaceId, benchmark.id, existing ?? null, run, trials),
        trialRows(trials),
      );
      const { runId } = stored;
      if (runId === null) throw new Error("an unguarded insert always stores its run");
      return { runId, trialKeys: trials.map((t) => t.key), alerting: existing?.alerting ?? false };
    },

    /** One read deciding whether a token upload can take the fast path (upload-gate.ts). */
    readTokenGate: (query: Parameters<typeof readTokenGate>[1]) => readTokenGate(db, query),

    /**
     * A token upload whose gate passed (now or for an earlier upload: the statement checks it
     * again), in one statement with its rate-limit point, Idempotency-Key record and the token's
     * last use (upload-insert.ts UploadGuard). "stale": the gate no longer holds; "refused": no
     * point left, or the key has a record (a twin's, a replay's); either way nothing was written.
     */
    async storeTokenUploadRun(
      gate: TokenUploadGate & { benchmark: BenchmarkRow; benchmarkVersion: string },
      input: UploadRunInput,
      guard: {
        tokenHash: string;
        scope: string;
        rateLimit: GuardedSpend;
        idempotency: { key: string; requestHash: string } | null;
        /** The answer an Idempotency-Key replays, given the new run's id. */
        response: (runId: string) => unknown;
      },
    ) {
      const { benchmarkKey: _key, trials, ...run } = input;
      const runId = newRowId();
      const outcome = await insertRunWithTrials(
        db,
        uploadRunRow(gate.workspaceId, gate.benchmark.id, gate.benchmark, run, trials),
        trialRows(trials),
        {
          gate: {
            tokenHash: guard.tokenHash,
            scope: guard.scope,
            tokenId: gate.tokenId,
            workspaceId: gate.workspaceId,
            benchmarkId: gate.benchmark.id,
            benchmarkVersion: gate.benchmarkVersion,
          },
          rateLimit: guard.rateLimit,
          idempotency: guard.idempotency && {
            workspaceId: gate.workspaceId,
            key: tokenIdempotencyKey(gate.tokenId, guard.idempotency.key),
            requestHash: guard.idempotency.requestHash,
            response: guard.response(runId),
          },
        },
        runId,
      ).catch((error: unknown) => {
        // The Idempotency-Key has a record (a racing twin's, or an earlier request's): this
        // statement rolled back whole, and the general path replays or refuses the request.
        if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) return null;
        throw error;
      });
      if (outcome === null) return { status: "refused" as const };
      if (!outcome.current) return { status: "stale" as const };
      if (outcome.runId === null) return { status: "refused" as const };
      return {
        status: "stored" as const,
        runId: outcome.runId,
        trialKeys: trials.map((t) => t.key),
        alerting: outcome.alerting,
      };
    },
  };
}

const definitions = new WeakMap<BenchmarkRow, ReturnType<typeof toDefinition>>();

/** A benchmark row's definition, parsed once per row object (a kept gate's row: every upload). */
function definitionOf(row: BenchmarkRow) {
  if (!definitions.has(row)) definitions.set(row, toDefinition(row));
  return definitions.get(row) ?? null;
}

/** The Run row of an upload: a succeeded `ci_upload` run, with its benchmark's definition. */
function uploadRunRow(
  workspaceId: string,
  benchmarkId: string,
  benchmark: BenchmarkRow | null,
  run: Omit<UploadRunInput, "benchmarkKey" | "trials">,
  trials: CompletedTrialInput[],
) {
  const now = new Date();
  return {
    ...runCreateData(workspaceId, {
      ...run,
      source: "ci_upload",
      status: "succeeded",
      benchmarkId,
      definition: benchmark ? definitionOf(benchmark) : null,
    }),
    trialsTotal: trials.length,
    trialsDone: trials.length,
    startedAt: now,
    finishedAt: now,
  };
}

const trialRows = (trials: CompletedTrialInput[]) =>
  trials.map((t) => ({ key: t.key, ...completedTrialData(t) }));

export type UploadRepository = ReturnType<typeof createUploadRepository>;
