-- Admin caps per cluster: concurrent runs, total QPS, generators and trial duration.
ALTER TABLE "Cluster" ADD COLUMN "caps" JSONB NOT NULL DEFAULT '{}';
-- Throughput over time within a trial: per-second request and error counts.
ALTER TABLE "Trial" ADD COLUMN "rateSeries" JSONB;
