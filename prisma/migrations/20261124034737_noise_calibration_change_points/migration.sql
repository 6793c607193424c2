-- CreateEnum
CREATE TYPE "ChangePointStatus" AS ENUM ('confirmed', 'dismissed');

-- CreateTable
CREATE TABLE "NoiseCalibration" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "clusterId" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "bands" JSONB,
    "levelsCalibrated" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "computedAt" TIMESTAMP(3),

    CONSTRAINT "NoiseCalibration_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ChangePointDecision" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "benchmarkKey" TEXT NOT NULL,
    "seriesKey" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "status" "ChangePointStatus" NOT NULL,
    "decidedByUserId" TEXT,
    "decidedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ChangePointDecision_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "NoiseCalibration_workspaceId_clusterId_createdAt_idx" ON "NoiseCalibration"("workspaceId", "clusterId", "createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "NoiseCalibration_runId_key" ON "NoiseCalibration"("runId");

-- CreateIndex
CREATE UNIQUE INDEX "ChangePointDecision_workspaceId_benchmarkKey_seriesKey_runI_key" ON "ChangePointDecision"("workspaceId", "benchmarkKey", "seriesKey", "runId");

-- AddForeignKey
ALTER TABLE "NoiseCalibration" ADD CONSTRAINT "NoiseCalibration_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NoiseCalibration" ADD CONSTRAINT "NoiseCalibration_clusterId_fkey" FOREIGN KEY ("clusterId") REFERENCES "Cluster"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NoiseCalibration" ADD CONSTRAINT "NoiseCalibration_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChangePointDecision" ADD CONSTRAINT "ChangePointDecision_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
