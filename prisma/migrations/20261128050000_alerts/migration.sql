-- CreateEnum
CREATE TYPE "AlertChannelKind" AS ENUM ('webhook', 'slack', 'email');

-- CreateEnum
CREATE TYPE "AlertRuleKind" AS ENUM ('run_failed', 'verdict', 'change_point', 'capacity_drop');

-- CreateEnum
CREATE TYPE "AlertDeliveryStatus" AS ENUM ('pending', 'delivered', 'failed');

-- AlterEnum
ALTER TYPE "ChangePointStatus" ADD VALUE 'open';

-- AlterTable
ALTER TABLE "ChangePointDecision" ADD COLUMN     "afterMs" DOUBLE PRECISION,
ADD COLUMN     "beforeMs" DOUBLE PRECISION,
ADD COLUMN     "detectedAt" TIMESTAMP(3),
ALTER COLUMN "decidedAt" DROP NOT NULL,
ALTER COLUMN "decidedAt" DROP DEFAULT;

-- CreateTable
CREATE TABLE "AlertChannel" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" "AlertChannelKind" NOT NULL,
    "target" TEXT NOT NULL,
    "sealedSecret" BYTEA,
    "keyId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AlertChannel_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AlertRule" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "benchmarkId" TEXT NOT NULL,
    "channelId" TEXT NOT NULL,
    "kind" "AlertRuleKind" NOT NULL,
    "seriesKey" TEXT,
    "thresholdPct" DOUBLE PRECISION,
    "createdByUserId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AlertRule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AlertDelivery" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "channelId" TEXT NOT NULL,
    "ruleId" TEXT NOT NULL,
    "eventKey" TEXT NOT NULL,
    "message" JSONB NOT NULL,
    "status" "AlertDeliveryStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "AlertDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AlertDeliveryAttempt" (
    "id" TEXT NOT NULL,
    "deliveryId" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ok" BOOLEAN NOT NULL,
    "statusCode" INTEGER,
    "errorClass" TEXT,

    CONSTRAINT "AlertDeliveryAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "AlertChannel_workspaceId_name_key" ON "AlertChannel"("workspaceId", "name");

-- CreateIndex
CREATE INDEX "AlertRule_workspaceId_benchmarkId_idx" ON "AlertRule"("workspaceId", "benchmarkId");

-- CreateIndex
CREATE INDEX "AlertDelivery_workspaceId_channelId_createdAt_idx" ON "AlertDelivery"("workspaceId", "channelId", "createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "AlertDelivery_ruleId_eventKey_key" ON "AlertDelivery"("ruleId", "eventKey");

-- CreateIndex
CREATE UNIQUE INDEX "AlertDeliveryAttempt_deliveryId_attempt_key" ON "AlertDeliveryAttempt"("deliveryId", "attempt");

-- AddForeignKey
ALTER TABLE "AlertChannel" ADD CONSTRAINT "AlertChannel_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AlertRule" ADD CONSTRAINT "AlertRule_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AlertRule" ADD CONSTRAINT "AlertRule_benchmarkId_fkey" FOREIGN KEY ("benchmarkId") REFERENCES "Benchmark"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AlertRule" ADD CONSTRAINT "AlertRule_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "AlertChannel"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AlertDelivery" ADD CONSTRAINT "AlertDelivery_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "AlertChannel"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AlertDelivery" ADD CONSTRAINT "AlertDelivery_ruleId_fkey" FOREIGN KEY ("ruleId") REFERENCES "AlertRule"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AlertDeliveryAttempt" ADD CONSTRAINT "AlertDeliveryAttempt_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "AlertDelivery"("id") ON DELETE CASCADE ON UPDATE CASCADE;
