import { randomFillSync } from "node:crypto";
import { prepared, sqlPool, type Database } from "../client";
import { withoutNul } from "../strip-nul";
import { TOUCH_INTERVAL_MS } from "./api-token-repository";
import { IDEMPOTENCY_TTL_MS } from "./idempotency-repository";
import { guardedSpendCte, type GuardedSpend } from "./rate-limiter";
import type { completedTrialData, runCreateData } from "./run-repository";

type RunRow = ReturnType<typeof runCreateData>;
type TrialRow = ReturnType<typeof completedTrialData> & { key: string };

/** Random bytes drawn 4 KiB at a time: one system call per ~340 ids, not one per id. */
const pool = Buffer.alloc(4096);
let drawn = pool.length;

/**
 * A row id in the shape of Prisma's cuid() (a letter, then time and randomness in base 36): the
 * raw insert below cannot ask the ORM for one. 96 random bits (from the CSPRNG, as randomBytes).
 */
export function newRowId(): string {
  if (drawn + 12 > pool.length) {
    randomFillSync(pool);
    drawn = 0;
  }
  const high = pool.readUIntBE(drawn, 6);
  const low = pool.readUIntBE(drawn + 6, 6);
  drawn += 12;
  const random = high.toString(36).padStart(10, "0") + low.toString(36).padStart(10, "0");
  return `c${Date.now().toString(36)}${random}`.slice(0, 25);
}

const json = (value: unknown) => (value == null ? null : JSON.stringify(withoutNul(value)));
const text = (value: string | null | undefined) => (value == null ? null : withoutNul(value));

/**
 * Conditions of a token upload's store (upload-gate.ts), checked and spent in the insert's own
 * statement: a point of the upload rate limit (spent only when allowed: a refused upload writes
 * nothing, the general path then spends and answers it), the Idempotency-Key's record stored
 * already complete with the answer, and the token's last use.
 */
export type UploadGuard = {
  /**
   * What the gate read (upload-gate.ts), checked again in this statement: the token by its hash,
   * still active and scoped, and the benchmark row unchanged (its version, `xmin`). Not so: nothing written.
   */
  gate: {
    tokenHash: string;
    scope: string;
    tokenId: string;
    workspaceId: string;
    benchmarkId: string;
    benchmarkVersion: string;
  };
  rateLimit: GuardedSpend;
  idempotency: { workspaceId: string; key: string; requestHash: string; response: unknown } | null;
};

/** What a store did: the run's id when stored; whether the gate still held; whether anyone is alerted. */
export type InsertOutcome = { runId: string | null; current: boolean; alerting: boolean };

/**
 * The run and all its trials in ONE statement (a data-modifying CTE; its own transaction, so all
 * or nothing): one round trip and one commit, where the ORM's nested create sent a transaction of
 * five (bench: ingest, BENCHMARKS.md). The rows are the ones runCreateData/completedTrialData
 * map, so this and the ORM paths store the same thing; NULs are stripped as stripNulOnWrite does.
 * With a guard, nothing is written unless its rate-limit point could be spent; the answer is
 * then null.
 */
export async function insertRunWithTrials(
  db: Database,
  run: RunRow & { trialsTotal: number; trialsDone: number; startedAt: Date; finishedAt: Date },
  trials: TrialRow[],
  guard: UploadGuard | null = null,
  runId: string = newRowId(),
): Promise<InsertOutcome> {
  const params: unknown[] = [
    runId,
    run.workspaceId,
    run.benchmarkId,
    run.clusterId,
    text(run.title),
    run.status,
    run.source,
    run.trialsTotal,
    run.trialsDone,
    json(run.environment),
    json(run.labels),
    text(run.gitRepo),
    text(run.gitCommit),
    text(run.gitBranch),
    text(run.gitPr),
    json("definition" in run ? run.definition : null),
    "definitionSource" in run ? run.definitionSource : null,
    run.startedAt.toISOString(),
    run.finishedAt.toISOString(),
    json(trials.map(trialRecord)),
  ];
  const guardSql = guard ? guardCtes(guard, params) : "";
  const benchmarkParam = "$3"; // the run's benchmarkId: the gate's benchmark
  // On the driver's pool: the upload's one write (bench: ingest). Parameters bound, never spliced.
  const { rows } = await sqlPool(db).query<{
    stored: boolean;
    current: boolean;
    alerting: boolean;
  }>({
    ...prepared(`WITH ${guardSql}run AS (
      INSERT INTO "Run" ("id", "workspaceId", "benchmarkId", "clusterId", "title", "status", "source",
        "trialsTotal", "trialsDone", "environment", "labels", "gitRepo", "gitCommit", "gitBranch",
        "gitPr", "definition", "definitionSource", "startedAt", "finishedAt")
      SELECT $1, $2, $3, $4, $5, $6::"RunStatus", $7::"RunSource", $8, $9, $10::jsonb, $11::jsonb,
        $12, $13, $14, $15, $16::jsonb, $17::"DefinitionSource", $18, $19
      ${guard ? "FROM spend" : ""}
      RETURNING "id"
    ), trials AS (
    INSERT INTO "Trial" ("id", "runId", "key", "variant", "requestedQps", "connections",
      "payloadBytes", "protocol", "keepAlive", "repetition", "sequence", "status", "loadGenerator",
      "summaryOnly", "resolutionSeconds", "validityFlags", "actualQps", "durationSeconds",
      "requestCount", "errorCount", "summary", "histogram", "meta", "pathCheck", "rateSeries",
      "startedAt", "finishedAt")
    SELECT t."id", run."id", t."key", t."variant", t."requestedQps", t."connections",
      t."payloadBytes", t."protocol", t."keepAlive", t."repetition", t."sequence",
      'succeeded'::"TrialStatus", t."loadGenerator", t."summaryOnly", t."resolutionSeconds",
      t."validityFlags", t."actualQps", t."durationSeconds", t."requestCount", t."errorCount",
      t."summary", decode(t."histogram", 'base64'), t."meta", t."pathCheck", t."rateSeries",
      t."startedAt", t."finishedAt"
    FROM run, jsonb_to_recordset($20::jsonb) AS t("id" text, "key" text,
      "variant" text, "requestedQps" float8, "connections" int, "payloadBytes" int,
      "protocol" text, "keepAlive" boolean, "repetition" int, "sequence" int,
      "loadGenerator" text, "summaryOnly" boolean, "resolutionSeconds" float8,
      "validityFlags" jsonb, "actualQps" float8, "durationSeconds" float8, "requestCount" int,
      "errorCount" int, "summary" jsonb, "histogram" text, "meta" jsonb, "pathCheck" jsonb,
      "rateSeries" jsonb, "startedAt" timestamptz, "finishedAt" timestamptz)
    )
    SELECT EXISTS (SELECT 1 FROM run) AS "stored", ${
      guard
        ? `EXISTS (SELECT 1 FROM still) AS "current",
      EXISTS (SELECT 1 FROM "AlertRule" r WHERE r."benchmarkId" = ${benchmarkParam}) AS "alerting"`
        : `true AS "current", false AS "alerting"`
    }`),
    values: params,
  });
  const row = rows[0];
  return {
    runId: row?.stored ? runId : null,
    current: row?.current ?? false,
    alerting: row?.alerting ?? false,
  };
}

/**
 * The guard's CTEs (appending their parameters): "still" has a row when the gate still holds,
 * "spend" when the point was spent for it. The token's last use is written as findActiveByHash
 * writes it (when due).
 */
function guardCtes(guard: UploadGuard, params: unknown[]): string {
  const at = (value: unknown) => `$${params.push(value)}`;
  const g = guard.gate;
  const still = `still AS (SELECT t."id" FROM "ApiToken" t
      JOIN "Benchmark" b ON b."id" = ${at(g.benchmarkId)} AND b."workspaceId" = t."workspaceId"
      WHERE t."hash" = ${at(g.tokenHash)} AND t."id" = ${at(g.tokenId)}
        AND t."workspaceId" = ${at(g.workspaceId)} AND t."revokedAt" IS NULL
        AND ${at(g.scope)} = ANY(t."scopes") AND b."xmin"::text = ${at(g.benchmarkVersion)})`;
  const spend = guardedSpendCte(guard.rateLimit, at, "still");
  const due = new Date(Date.now() - TOUCH_INTERVAL_MS).toISOString();
  const touch = `touch AS (UPDATE "ApiToken" SET "lastUsedAt" = now()
      WHERE "id" IN (SELECT "id" FROM still) AND ("lastUsedAt" IS NULL OR "lastUsedAt" < ${at(due)}))`;
  const i = guard.idempotency;
  const idempotency = i
    ? `remembered AS (INSERT INTO "IdempotencyRecord" ("id", "workspaceId", "key", "requestHash",
        "status", "response", "expiresAt")
        SELECT ${at(newRowId())}, ${at(i.workspaceId)}, ${at(text(i.key))}, ${at(i.requestHash)}, 200,
          ${at(json(i.response))}::jsonb, ${at(new Date(Date.now() + IDEMPOTENCY_TTL_MS).toISOString())}
        FROM spend), `
    : "";
  return `${still}, spend AS (${spend}), ${touch}, ${idempotency}`;
}

function trialRecord(t: TrialRow) {
  return {
    id: newRowId(),
    key: text(t.key),
    variant: text(t.variant),
    requestedQps: t.requestedQps,
    connections: t.connections,
    payloadBytes: t.payloadBytes,
    protocol: t.protocol,
    keepAlive: t.keepAlive,
    repetition: t.repetition,
    sequence: t.sequence,
    loadGenerator: t.loadGenerator,
    summaryOnly: t.summaryOnly,
    resolutionSeconds: t.resolutionSeconds,
    validityFlags: t.validityFlags,
    actualQps: t.actualQps,
    durationSeconds: t.durationSeconds,
    requestCount: t.requestCount,
    errorCount: t.errorCount,
    summary: t.summary,
    histogram: t.histogram ? t.histogram.toString("base64") : null,
    meta: t.meta,
    pathCheck: "pathCheck" in t ? t.pathCheck : null,
    rateSeries: "rateSeries" in t ? (t.rateSeries ?? null) : null,
    startedAt: t.startedAt?.toISOString() ?? null,
    finishedAt: t.finishedAt.toISOString(),
  };
}
