export { createPrismaClient, type Database } from "./client";
export { checkDatabase } from "./health";
export {
  findMigrationsDir,
  listBundledMigrations,
  pendingMigrations,
} from "./migrate/pending-migrations";
export { readOpsSnapshot } from "./repositories/ops-repository";
export {
  createRunRepository,
  type RunRepository,
  type CreateRunInput,
  type CompletedTrialInput,
  type RunWithTrialRows,
  type RunRecord,
} from "./repositories/run-repository";
export {
  createRateSeriesRepository,
  type RateSeriesRepository,
} from "./repositories/rate-series-repository";
export {
  createWorkspaceRepository,
  type WorkspaceRepository,
} from "./repositories/workspace-repository";
export {
  createAuditRepository,
  scrubMetadata,
  type AuditRepository,
  type AuditInput,
  type AuditEventRecord,
} from "./repositories/audit-repository";
export {
  createMembershipRepository,
  type MembershipRepository,
  type MemberRecord,
  type InvitationRecord,
} from "./repositories/membership-repository";
export {
  createApiTokenRepository,
  type ApiTokenRepository,
  type ApiTokenRecord,
} from "./repositories/api-token-repository";
export {
  createRateLimiter,
  type RateLimiter,
  type RateLimitRule,
  type RateLimitDecision,
  type GuardedSpend,
} from "./repositories/rate-limiter";
export {
  createShareLinkRepository,
  newShareId,
  type ShareLinkRepository,
  type CreateShareLinkInput,
} from "./repositories/share-link-repository";
export {
  createIdempotencyRepository,
  type IdempotencyRepository,
  type IdempotencyBegin,
  idempotencyScopeKey,
} from "./repositories/idempotency-repository";
export {
  createUploadRepository,
  type UploadRepository,
  type UploadRunInput,
} from "./repositories/upload-repository";
export type { TokenUploadGate } from "./repositories/upload-gate";
export {
  createHistoryRepository,
  type HistoryRepository,
  type HistoryRun,
  type ReferenceRun,
} from "./repositories/history-repository";
export {
  createRunExclusionRepository,
  type RunExclusionRepository,
} from "./repositories/run-exclusion-repository";
export {
  createClusterRepository,
  type ClusterRepository,
  type ClusterCheck,
} from "./repositories/cluster-repository";
export {
  createBenchmarkRepository,
  type BenchmarkRepository,
  type ListedBenchmark,
  type StoredBenchmark,
} from "./repositories/benchmark-repository";
export {
  createResourceSampleRepository,
  type ResourceSampleRepository,
  type ResourceSampleInput,
  type ResourceSampleRow,
  type TrialSampleRow,
} from "./repositories/resource-sample-repository";
export {
  createRunExecutionRepository,
  type RunExecutionRepository,
  type ClaimResult,
} from "./repositories/run-execution-repository";
export {
  createScheduleRepository,
  type ScheduleRepository,
  type StoredSchedule,
} from "./repositories/schedule-repository";
export { createRunQueue, RUN_QUEUE, type RunQueue } from "./queue/run-queue";
export {
  createNoiseCalibrationRepository,
  type NoiseCalibrationRepository,
  type StoredNoiseCalibration,
} from "./repositories/noise-calibration-repository";
export {
  createChangePointDecisionRepository,
  type ChangePointDecisionRepository,
  type ChangePointDecisionRecord,
  type DetectedChangePoint,
} from "./repositories/change-point-decision-repository";
export { createVerdictRepository, type VerdictRepository } from "./repositories/verdict-repository";
export {
  createImportRepository,
  type ImportRepository,
  type ImportedRunInput,
} from "./repositories/import-repository";
export { definitionDigest, definitionSnapshot } from "./repositories/definition-snapshot";
export {
  createWorkspaceSecretRepository,
  type WorkspaceSecretRepository,
} from "./repositories/workspace-secret-repository";
export {
  createAlertRepository,
  type AlertRepository,
  type AlertRuleRecord,
  type SealedAlertChannel,
} from "./repositories/alert-repository";
export {
  createDeliveryQueue,
  ALERT_DELIVERY_QUEUE,
  type DeliveryQueue,
  type DeliveryJob,
} from "./queue/delivery-queue";
export {
  createRetentionRepository,
  type RetentionRepository,
} from "./repositories/retention-repository";
