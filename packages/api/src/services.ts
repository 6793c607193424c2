import {
  checkDatabase,
  createApiTokenRepository,
  createAuditRepository,
  createMembershipRepository,
  createRateLimiter,
  createResourceUsageRepository,
  createShareLinkRepository,
  createRunRepository,
  createWorkspaceRepository,
  createHistoryRepository,
  createIdempotencyRepository,
  createUploadRepository,
  createBenchmarkRepository,
  createClusterRepository,
  createRunExecutionRepository,
  type Database,
  type RateLimitRule,
  type UploadRepository,
} from "@meshbench/db";
import type { KubeConfig } from "@kubernetes/client-node";
import {
  KubeClusterGateway,
  KubeconfigVault,
  localDevVaultKeys,
  type ClusterGateway,
} from "@meshbench/k8s";
import { createDisabledMailer, type Mailer } from "./auth/mailer";
import type { Services } from "./context";
import { createReportService } from "./reports/report-service";
import { createBenchmarkService } from "./routers/benchmarks/benchmark-service";
import { createClusterService } from "./routers/clusters/cluster-service";
import {
  createRunSchedulingService,
  type RunEnqueuer,
} from "./routers/runs/run-scheduling-service";

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
  /** Seals kubeconfigs; defaults to the local-mode dev key (apps pass the env's keys in production). */
  vault?: KubeconfigVault;
  /** Hands started runs to the workers (pg-boss); without one, runs.start answers PRECONDITION_FAILED. */
  runQueue?: RunEnqueuer | null;
  /** How a KubeConfig becomes a gateway (tests may shorten the poll interval). */
  gatewayFor?: (kc: KubeConfig) => ClusterGateway;
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

/** Wires repositories over one database client; apps call this once at start-up. */
export function createServices(db: Database, options: ServiceOptions = {}): Services {
  const runs = createRunRepository(db);
  const clusters = createClusterRepository(db);
  const benchmarks = createBenchmarkRepository(db);
  const audit = createAuditRepository(db);
  return {
    runs,
    uploads: observedUploads(db, options.observeIngest),
    history: createHistoryRepository(db),
    idempotency: createIdempotencyRepository(db),
    workspaces: createWorkspaceRepository(db),
    checkDatabase: () => checkDatabase(db),
    members: createMembershipRepository(db),
    tokens: createApiTokenRepository(db),
    audit,
    rateLimits: createRateLimiter(db, { ...DEFAULT_RATE_LIMITS, ...options.rateLimits }),
    mailer: options.mailer ?? createDisabledMailer(),
    appUrl: options.appUrl ?? "http://localhost:3000",
    reports: createReportService({ runs, resourceUsage: createResourceUsageRepository(db) }),
    shareLinks: createShareLinkRepository(db),
    clusters: createClusterService({
      clusters,
      audit,
      vault: options.vault ?? new KubeconfigVault(localDevVaultKeys()),
      gatewayFor: options.gatewayFor ?? ((kc) => new KubeClusterGateway(kc)),
    }),
    benchmarks: createBenchmarkService({ benchmarks }),
    scheduling: createRunSchedulingService({
      benchmarks,
      clusters,
      execution: createRunExecutionRepository(db),
      queue: options.runQueue ?? null,
    }),
  };
}
