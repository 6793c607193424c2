-- CreateTable
CREATE TABLE "RunExclusion" (
    "runId" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "excludedByUserId" TEXT,
    "excludedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RunExclusion_pkey" PRIMARY KEY ("runId")
);

-- CreateIndex
CREATE INDEX "RunExclusion_workspaceId_idx" ON "RunExclusion"("workspaceId");

-- AddForeignKey
ALTER TABLE "RunExclusion" ADD CONSTRAINT "RunExclusion_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RunExclusion" ADD CONSTRAINT "RunExclusion_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
