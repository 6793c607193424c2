-- Rate-limit counters are disposable (a crash may reset a window): an unlogged table writes no
-- WAL, so a request's counter update commits without waiting for an fsync (bench: ingest).
ALTER TABLE "RateLimit" SET UNLOGGED;

-- Retention (issue 27): a workspace's policy, and what a pruned run keeps.
ALTER TABLE "Workspace" ADD COLUMN "retentionDays" INTEGER;
ALTER TABLE "Run" ADD COLUMN "cellSummaries" JSONB,
ADD COLUMN "histogramsPrunedAt" TIMESTAMP(3);
