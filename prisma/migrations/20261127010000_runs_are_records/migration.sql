-- CreateEnum
CREATE TYPE "DefinitionSource" AS ENUM ('snapshot', 'reconstructed');

-- CreateEnum
CREATE TYPE "VerdictStatus" AS ENUM ('pass', 'fail', 'inconclusive');

-- AlterTable
ALTER TABLE "Benchmark" ADD COLUMN     "archivedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "definition" JSONB,
ADD COLUMN     "definitionSource" "DefinitionSource",
ADD COLUMN     "importedFrom" JSONB;

-- CreateTable
CREATE TABLE "Verdict" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "referenceBranch" TEXT,
    "referenceRunId" TEXT,
    "budgets" JSONB NOT NULL,
    "status" "VerdictStatus" NOT NULL,
    "result" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Verdict_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Verdict_workspaceId_runId_createdAt_idx" ON "Verdict"("workspaceId", "runId", "createdAt" DESC);

-- AddForeignKey
ALTER TABLE "Verdict" ADD CONSTRAINT "Verdict_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Verdict" ADD CONSTRAINT "Verdict_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Existing runs get the definition their benchmark has now, marked reconstructed (runs created from
-- here on store theirs when they are created). The definition is rebuilt as the benchmark
-- repository reads it: the columns, plus the fields kept in methodology.definitionExtras. The
-- digests and images follow snapshotOf in core: sha256 of each non-empty manifest bundle by path,
-- and every string under an "image" key, sorted bytewise, once each. Benchmarks that only group CI
-- uploads (target kind "external") have no definition, and neither do their runs.
WITH defs AS (
  SELECT b."id",
         COALESCE(b."methodology" -> 'definitionExtras', '{}'::jsonb) || jsonb_build_object(
           'key', b."key",
           'name', b."name",
           'description', b."description",
           'target', b."target",
           'variants', b."variants",
           'loadMatrix', b."loadMatrix",
           'repetitions', b."repetitions",
           'durationSeconds', b."durationSeconds",
           'warmupSeconds', b."warmupSeconds",
           'methodology', b."methodology" - 'definitionExtras'
         ) AS def
  FROM "Benchmark" b
  WHERE b."target" ->> 'kind' IS DISTINCT FROM 'external'
),
snapshots AS (
  SELECT d."id",
         jsonb_build_object(
           'definition', d.def,
           'manifestDigests', (
             SELECT COALESCE(jsonb_object_agg(m.path, encode(sha256(convert_to(m.text, 'UTF8')), 'hex')), '{}'::jsonb)
             FROM (
               SELECT 'target.manifests' AS path, d.def -> 'target' ->> 'manifests' AS text
               UNION ALL
               SELECT 'variants.' || (v ->> 'name') || '.manifests', v ->> 'manifests'
               FROM jsonb_array_elements(CASE WHEN jsonb_typeof(d.def -> 'variants') = 'array' THEN d.def -> 'variants' ELSE '[]'::jsonb END) v
             ) m
             WHERE m.text IS NOT NULL AND m.text <> ''
           ),
           'images', (
             SELECT COALESCE(jsonb_agg(to_jsonb(i.image) ORDER BY i.image COLLATE "C"), '[]'::jsonb)
             FROM (
               SELECT DISTINCT found #>> '{}' AS image
               FROM jsonb_path_query(d.def, 'lax $.**.image') found
               WHERE jsonb_typeof(found) = 'string'
             ) i
           )
         ) AS snapshot
  FROM defs d
)
UPDATE "Run" r
SET "definition" = s.snapshot, "definitionSource" = 'reconstructed'
FROM snapshots s
WHERE r."benchmarkId" = s."id";
