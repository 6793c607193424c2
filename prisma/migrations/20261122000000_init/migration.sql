-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('owner', 'admin', 'member', 'viewer');

-- CreateEnum
CREATE TYPE "ClusterAuthMode" AS ENUM ('kubeconfig', 'in_cluster');

-- CreateEnum
CREATE TYPE "ClusterStatus" AS ENUM ('pending', 'ready', 'unreachable', 'forbidden');

-- CreateEnum
CREATE TYPE "RunStatus" AS ENUM ('queued', 'running', 'succeeded', 'failed', 'cancelled');

-- CreateEnum
CREATE TYPE "RunSource" AS ENUM ('scheduled', 'ci_upload', 'import');

-- CreateEnum
CREATE TYPE "TrialStatus" AS ENUM ('pending', 'running', 'succeeded', 'failed', 'skipped');

-- CreateEnum
CREATE TYPE "ResourceRole" AS ENUM ('proxy', 'ztunnel', 'waypoint', 'control_plane', 'app', 'load_generator');

-- CreateTable
CREATE TABLE "Workspace" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Workspace_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Membership" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "role" "Role" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Membership_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Cluster" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "authMode" "ClusterAuthMode" NOT NULL DEFAULT 'kubeconfig',
    "kubeconfigCiphertext" BYTEA,
    "kubeconfigKeyId" TEXT,
    "context" TEXT,
    "status" "ClusterStatus" NOT NULL DEFAULT 'pending',
    "statusMessage" TEXT,
    "serverVersion" TEXT,
    "nodes" JSONB,
    "detectedMeshes" JSONB,
    "lastCheckedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Cluster_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Benchmark" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "target" JSONB NOT NULL,
    "variants" JSONB NOT NULL,
    "loadMatrix" JSONB NOT NULL,
    "repetitions" INTEGER NOT NULL DEFAULT 5,
    "durationSeconds" INTEGER NOT NULL DEFAULT 30,
    "warmupSeconds" INTEGER NOT NULL DEFAULT 5,
    "methodology" JSONB NOT NULL,
    "budgets" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Benchmark_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Run" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "benchmarkId" TEXT,
    "clusterId" TEXT,
    "title" TEXT NOT NULL,
    "status" "RunStatus" NOT NULL DEFAULT 'queued',
    "source" "RunSource" NOT NULL,
    "trialsTotal" INTEGER NOT NULL DEFAULT 0,
    "trialsDone" INTEGER NOT NULL DEFAULT 0,
    "trialsFailed" INTEGER NOT NULL DEFAULT 0,
    "shareId" TEXT,
    "environment" JSONB,
    "gitRepo" TEXT,
    "gitCommit" TEXT,
    "gitBranch" TEXT,
    "gitPr" TEXT,
    "labels" JSONB NOT NULL DEFAULT '{}',
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Run_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Trial" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "variant" TEXT NOT NULL,
    "requestedQps" DOUBLE PRECISION,
    "connections" INTEGER NOT NULL,
    "payloadBytes" INTEGER NOT NULL DEFAULT 0,
    "protocol" TEXT NOT NULL DEFAULT 'http1',
    "keepAlive" BOOLEAN NOT NULL DEFAULT true,
    "repetition" INTEGER NOT NULL,
    "sequence" INTEGER NOT NULL,
    "status" "TrialStatus" NOT NULL DEFAULT 'pending',
    "failureReason" TEXT,
    "loadGenerator" TEXT NOT NULL DEFAULT 'fortio',
    "summaryOnly" BOOLEAN NOT NULL DEFAULT false,
    "validityFlags" JSONB NOT NULL DEFAULT '[]',
    "actualQps" DOUBLE PRECISION,
    "durationSeconds" DOUBLE PRECISION,
    "requestCount" INTEGER,
    "errorCount" INTEGER,
    "summary" JSONB,
    "histogram" BYTEA,
    "meta" JSONB,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Trial_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ResourceSample" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "trialId" TEXT,
    "variant" TEXT NOT NULL,
    "role" "ResourceRole" NOT NULL,
    "namespace" TEXT NOT NULL,
    "pod" TEXT NOT NULL,
    "container" TEXT,
    "cpuMillicores" DOUBLE PRECISION NOT NULL,
    "memoryBytes" DOUBLE PRECISION NOT NULL,
    "sampledAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ResourceSample_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiToken" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "scopes" TEXT[],
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ApiToken_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Workspace_slug_key" ON "Workspace"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE INDEX "Membership_userId_idx" ON "Membership"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Membership_workspaceId_userId_key" ON "Membership"("workspaceId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "Cluster_workspaceId_name_key" ON "Cluster"("workspaceId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Benchmark_workspaceId_key_key" ON "Benchmark"("workspaceId", "key");

-- CreateIndex
CREATE UNIQUE INDEX "Run_shareId_key" ON "Run"("shareId");

-- CreateIndex
CREATE INDEX "Run_workspaceId_createdAt_idx" ON "Run"("workspaceId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Run_workspaceId_benchmarkId_createdAt_idx" ON "Run"("workspaceId", "benchmarkId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Run_workspaceId_gitBranch_idx" ON "Run"("workspaceId", "gitBranch");

-- CreateIndex
CREATE INDEX "Run_status_idx" ON "Run"("status");

-- CreateIndex
CREATE INDEX "Trial_runId_sequence_idx" ON "Trial"("runId", "sequence");

-- CreateIndex
CREATE UNIQUE INDEX "Trial_runId_key_key" ON "Trial"("runId", "key");

-- CreateIndex
CREATE INDEX "ResourceSample_runId_variant_role_idx" ON "ResourceSample"("runId", "variant", "role");

-- CreateIndex
CREATE INDEX "ResourceSample_trialId_idx" ON "ResourceSample"("trialId");

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_hash_key" ON "ApiToken"("hash");

-- CreateIndex
CREATE INDEX "ApiToken_workspaceId_idx" ON "ApiToken"("workspaceId");

-- AddForeignKey
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Cluster" ADD CONSTRAINT "Cluster_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Benchmark" ADD CONSTRAINT "Benchmark_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Run" ADD CONSTRAINT "Run_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Run" ADD CONSTRAINT "Run_benchmarkId_fkey" FOREIGN KEY ("benchmarkId") REFERENCES "Benchmark"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Run" ADD CONSTRAINT "Run_clusterId_fkey" FOREIGN KEY ("clusterId") REFERENCES "Cluster"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Trial" ADD CONSTRAINT "Trial_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ResourceSample" ADD CONSTRAINT "ResourceSample_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ResourceSample" ADD CONSTRAINT "ResourceSample_trialId_fkey" FOREIGN KEY ("trialId") REFERENCES "Trial"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

