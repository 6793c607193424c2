export {
  createServices,
  DEFAULT_RATE_LIMITS,
  type IngestObserver,
  type ServiceOptions,
  type Services,
} from "./create-services";
export { createConsoleMailer, createDisabledMailer, type Mail, type Mailer } from "./mail/mailer";
export type { RunEnqueuer } from "./runs/run-scheduling-service";
export type { ClaimedRun, RunExecutionService, TrialOutput } from "./runs/run-execution-service";
export type {
  ClusterAccess,
  ClusterConnectionRules,
  GatewayFactory,
} from "./clusters/cluster-access";
export type { ClusterAuditActor } from "./clusters/cluster-service";
export { assessedTrial, readTrialResult, type TrialPath } from "./results/record-trial";
/** The report exports the procedures serve (tables and CSV by core, SMP by formats). */
export { runExport, comparisonExport, type ExportFile } from "@meshbench/core";
export { smpExport } from "@meshbench/formats";
export { clusterRules, type ClusterSettings } from "./clusters/cluster-rules";
