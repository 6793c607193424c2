import { randomBytes } from "node:crypto";
import { sqlPool, type Database } from "../client";
import { withoutNul } from "../strip-nul";
import type { completedTrialData, runCreateData } from "./run-repository";

type RunRow = ReturnType<typeof runCreateData>;
type TrialRow = ReturnType<typeof completedTrialData> & { key: string };

/**
 * A row id in the shape of Prisma's cuid() (a letter, then time and randomness in base 36): the
 * raw insert below cannot ask the ORM for one.
 */
function newRowId(): string {
  const random = randomBytes(12).toString("hex");
  return `c${Date.now().toString(36)}${BigInt(`0x${random}`).toString(36)}`.slice(0, 25);
}

const json = (value: unknown) => (value == null ? null : JSON.stringify(withoutNul(value)));
const text = (value: string | null | undefined) => (value == null ? null : withoutNul(value));

/**
 * The run and all its trials in ONE statement (a data-modifying CTE; its own transaction, so all
 * or nothing): one round trip and one commit, where the ORM's nested create sent a transaction of
 * five (bench: ingest, BENCHMARKS.md). The rows are the ones runCreateData/completedTrialData
 * map, so this and the ORM paths store the same thing; NULs are stripped as stripNulOnWrite does.
 */
export async function insertRunWithTrials(
  db: Database,
  run: RunRow & { trialsTotal: number; trialsDone: number; startedAt: Date; finishedAt: Date },
  trials: TrialRow[],
): Promise<string> {
  const runId = newRowId();
  const rows = trials.map((t) => ({
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
  }));
  const params = [
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
    json(rows),
  ];
  // On the driver's pool: the upload's one write (bench: ingest). Parameters bound, never spliced.
  await sqlPool(db).query(
    `WITH run AS (
      INSERT INTO "Run" ("id", "workspaceId", "benchmarkId", "clusterId", "title", "status", "source",
        "trialsTotal", "trialsDone", "environment", "labels", "gitRepo", "gitCommit", "gitBranch",
        "gitPr", "definition", "definitionSource", "startedAt", "finishedAt")
      VALUES ($1, $2, $3, $4, $5, $6::"RunStatus", $7::"RunSource", $8, $9, $10::jsonb, $11::jsonb,
        $12, $13, $14, $15, $16::jsonb, $17::"DefinitionSource", $18, $19)
      RETURNING "id"
    )
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
      "rateSeries" jsonb, "startedAt" timestamptz, "finishedAt" timestamptz)`,
    params,
  );
  return runId;
}
