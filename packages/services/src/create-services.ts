import {
  checkDatabase,
  createApiTokenRepository,
  createAuditRepository,
  createBenchmarkRepository,
  createChangePointDecisionRepository,
  createClusterRepository,
  createHistoryRepository,
  createIdempotencyRepository,
  createMembershipRepository,
  createNoiseCalibrationRepository,
  createRateLimiter,
  createResourceSampleRepository,
  createRunExecutionRepository,
  createRunRepository,
  createShareLinkRepository,
  createUploadRepository,
  createWorkspaceRepository,
  type Database,
  type RateLimitRule,
  type UploadRepository,
} from "@meshbench/db";
import {
  KubeClusterGateway,
  KubeconfigVault,
  localDevVaultKeys,
  parseVaultKeys,
} from "@meshbench/k8s";
import { createBenchmarkService } from "./benchmarks/benchmark-service";
import { createClusterAccess, type ClusterConnectionRules } from "./clusters/cluster-access";
import { createClusterService } from "./clusters/cluster-service";
import { createHistoryService } from "./history/history-service";
import { createDisabledMailer, type Mailer } from "./mail/mailer";
import { createNoiseService } from "./noise/noise-service";
import { createReportService } from "./reports/report-service";
import { createResultsService } from "./results/results-service";
import { createRunExecutionService } from "./runs/run-execution-service";
import { createRunSchedulingService, type RunEnqueuer } from "./runs/run-scheduling-service";
import { createVerdictService } from "./verdicts/verdict-service";
import { createTemplateService } from "./templates/template-service";

/** Buckets of the shared Postgres rate limiter (points per window, per key). */
export const DEFAULT_RATE_LIMITS: Record<string, RateLimitRule> = {
  // sign-in, sign-up, password reset: per client address
  auth: { points: 10, durationSeconds: 60 },
  // result uploads and run triggers: per token or user
  upload: { points: 30, durationSeconds: 60 },
};

export type ServiceOptions = {
  mailer?: Mailer;
  appUrl?: string;
  rateLimits?: Record<string, RateLimitRule>;
  /**
   * `MESHBENCH_ENCRYPTION_KEYS` ("id:base64" pairs, the first seals kubeconfigs); without it the
   * local-mode dev key. Apps pass their validated env value; nothing here reads env.
   */
  encryptionKeys?: string | null;
  /** Hands started runs to the workers (pg-boss); without one, runs.start answers PRECONDITION_FAILED. */
  runQueue?: RunEnqueuer | null;
  /**
   * How clusters may be reached: the outbound address policy and the in-cluster workspaces, as
   * the app validated them from env. Without it no cluster is ever opened (fail closed).
   */
  clusterRules?: ClusterConnectionRules;
  /** How often the default gateway polls the apiserver while it waits. */
  clusterPollMs?: number;
  /** Observes every stored upload (the web app counts ingest rate and latency with it). */
  observeIngest?: IngestObserver;
};

/** Wraps one stored upload; `trialsOf` tells how many trials it held. */
export type IngestObserver = <T>(
  store: () => Promise<T>,
  trialsOf: (stored: T) => number,
) => Promise<T>;

function observedUploads(db: Database, observe: IngestObserver | undefined): UploadRepository {
  const uploads = createUploadRepository(db);
  if (!observe) return uploads;
  return {
    ...uploads,
    createUploadRun: (workspaceId, input) =>
      observe(
        () => uploads.createUploadRun(workspaceId, input),
        (stored) => stored.trialKeys.length,
      ),
  };
}

/**
 * Wires repositories and services over one database client; the web app, the worker, the seed
 * and tests call this once at start-up. Everything is injected, so tests need no module mocks.
 */
export function createServices(db: Database, options: ServiceOptions = {}) {
  const runs = createRunRepository(db);
  const clusters = createClusterRepository(db);
  const benchmarks = createBenchmarkRepository(db);
  const history = createHistoryRepository(db);
  const audit = createAuditRepository(db);
  const samples = createResourceSampleRepository(db);
  const execution = createRunExecutionRepository(db);
  const scheduling = createRunSchedulingService({
    benchmarks,
    clusters,
    execution,
    queue: options.runQueue ?? null,
  });
  const noise = createNoiseService({
    calibrations: createNoiseCalibrationRepository(db),
    runs,
    benchmarks,
    clusters,
    scheduling,
  });
  const access = createClusterAccess({
    clusters,
    vault: new KubeconfigVault(
      options.encryptionKeys ? parseVaultKeys(options.encryptionKeys) : localDevVaultKeys(),
    ),
    gatewayFor: (connection, cluster) =>
      new KubeClusterGateway(connection, {
        prometheusUrl: cluster.prometheusUrl,
        pollMs: options.clusterPollMs,
      }),
    rules: options.clusterRules ?? { outboundPolicy: null },
  });
  return {
    runs,
    /** REST Idempotency-Key records. */
    idempotency: createIdempotencyRepository(db),
    workspaces: createWorkspaceRepository(db),
    checkDatabase: () => checkDatabase(db),
    members: createMembershipRepository(db),
    tokens: createApiTokenRepository(db),
    /** `services.audit.record(workspaceId, {...auditActor(ctx.actor), action, targetType, ...})` */
    audit,
    rateLimits: createRateLimiter(db, { ...DEFAULT_RATE_LIMITS, ...options.rateLimits }),
    mailer: options.mailer ?? createDisabledMailer(),
    /** Public base URL of the web app, for links in mail (invitations, password reset). */
    appUrl: options.appUrl ?? "http://localhost:3000",
    shareLinks: createShareLinkRepository(db),
    /** The five write-up templates ("New benchmark from a template", `meshbench template`). */
    templates: createTemplateService(),
    /** CI uploads stored as a run; run results as REST clients read them. */
    results: createResultsService({ uploads: observedUploads(db, options.observeIngest), runs }),
    /** A statistic's trend across a benchmark's runs. */
    history: createHistoryService({
      benchmarks,
      history,
      decisions: createChangePointDecisionRepository(db),
    }),
    /** Budgets and the verdicts judged by them. */
    verdicts: createVerdictService({ runs, benchmarks, history }),
    /** Run reports and comparisons computed with core. */
    reports: createReportService({ runs, samples, benchmarks, noise }),
    /** A/A calibration per cluster and the noise band beside deltas. */
    noise,
    /** Target clusters: register/validate/detect; kubeconfigs sealed by the vault. */
    clusters: createClusterService({ clusters, audit, access }),
    /** Opening registered clusters (the worker and the sweeper). */
    clusterAccess: access,
    benchmarks: createBenchmarkService({ benchmarks }),
    /** runs.start / runs.cancel: queue runs for the workers (pg-boss). */
    scheduling,
    /** The worker's side of a run: claim, record trials, finish. */
    execution: createRunExecutionService({
      runs,
      clusters,
      execution,
      benchmarks,
      samples,
      access,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
