export { createServices, type ServiceOptions, type Services } from "./create-services";
export type { IngestObserver } from "./results/observed-uploads";
export { createConsoleMailer, createDisabledMailer, type Mail, type Mailer } from "./mail/mailer";
export { rateLimitSubject, type RateLimitBucket } from "./limits/rate-limit-service";
export type { AuditService } from "./audit/audit-service";
export type { MemberService } from "./members/member-service";
export type { TokenService } from "./tokens/token-service";
export { generateApiToken, hashApiToken, tokenPrefix } from "./tokens/api-token";
export type { RunEnqueuer } from "./runs/run-scheduling-service";
export type { ClaimedRun, RunExecutionService, TrialOutput } from "./runs/run-execution-service";
export { generatorsResult } from "./runs/generator-results";
export type {
  ClusterAccess,
  ClusterConnectionRules,
  GatewayFactory,
} from "./clusters/cluster-access";
export { assessedTrial, readTrialResult, type TrialPath } from "./results/record-trial";
export { UPLOAD_SCOPE } from "./results/results-service";
export { clusterRules, type ClusterSettings } from "./clusters/cluster-rules";
export { localDevVaultKeys, parseVaultKeys, SecretVault } from "./secrets/vault";
export {
  createMailer,
  createSmtpMailer,
  type MailSettings,
  type SmtpConfig,
} from "./mail/smtp-mailer";
export type { DeliveryEnqueuer } from "./alerts/deliver";
export { SIGNATURE_HEADER, TIMESTAMP_HEADER, signWebhook, slackBody } from "./alerts/senders";
export type { ScheduleService } from "./schedules/schedule-service";
export {
  SCHEDULE_LABEL,
  type FiringOutcome,
  type ScheduleFiring,
} from "./schedules/schedule-firing";
