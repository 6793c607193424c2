import {
  createApiTokenRepository,
  createAuditRepository,
  createBenchmarkRepository,
  createAlertRepository,
  createChangePointDecisionRepository,
  createClusterRepository,
  createHistoryRepository,
  createRetentionRepository,
  createImportRepository,
  createMembershipRepository,
  createNoiseCalibrationRepository,
  createRateLimiter,
  createResourceSampleRepository,
  createRunExclusionRepository,
  createRunExecutionRepository,
  createRunRepository,
  createScheduleRepository,
  createRateSeriesRepository,
  createShareLinkRepository,
  createVerdictRepository,
  createWorkspaceRepository,
  createWorkspaceSecretRepository,
  type Database,
  type RateLimitRule,
} from "@meshbench/db";
import { KubeClusterGateway } from "@meshbench/k8s";
import type { OutboundPolicy } from "@meshbench/outbound";
import { createAlertService } from "./alerts/alert-service";
import { createArrivalService } from "./alerts/arrival";
import { createDeliverer, type DeliveryEnqueuer } from "./alerts/deliver";
import { createAuditService } from "./audit/audit-service";
import { createBenchmarkService } from "./benchmarks/benchmark-service";
import { createBundleService } from "./bundles/bundle-service";
import { createClusterAccess, type ClusterConnectionRules } from "./clusters/cluster-access";
import { createClusterService } from "./clusters/cluster-service";
import { createExportService } from "./exports/export-service";
import { createHealthService } from "./health/health-service";
import { createHistoryService } from "./history/history-service";
import { createRetentionService } from "./retention/retention-service";
import {
  createRateLimitService,
  DEFAULT_RATE_LIMITS,
  type RateLimitBucket,
} from "./limits/rate-limit-service";
import { createDisabledMailer, type Mailer } from "./mail/mailer";
import { createMemberService } from "./members/member-service";
import { createNoiseService } from "./noise/noise-service";
import { createReportService } from "./reports/report-service";
import { observedUploads, type IngestObserver } from "./results/observed-uploads";
import { createResultsService } from "./results/results-service";
import { createRunExecutionService } from "./runs/run-execution-service";
import { createRunQueryService } from "./runs/run-query-service";
import { createRunSchedulingService, type RunEnqueuer } from "./runs/run-scheduling-service";
import { createScheduleFiring } from "./schedules/schedule-firing";
import { createScheduleService } from "./schedules/schedule-service";
import { createSecretService } from "./secrets/secret-service";
import { localDevVaultKeys, parseVaultKeys, SecretVault } from "./secrets/vault";
import { createShareService } from "./share/share-service";
import { createTemplateService } from "./templates/template-service";
import { createTokenService } from "./tokens/token-service";
import { createVerdictService } from "./verdicts/verdict-service";
import { createWorkspaceService } from "./workspaces/workspace-service";

export type ServiceOptions = {
  /** Sends invitation mails (the web app: console in local mode, none in production). */
  mailer?: Mailer;
  /** Public base URL of the web app, for links in mail (invitations). */
  appUrl?: string;
  /** Overrides of the rate-limit buckets (DEFAULT_RATE_LIMITS), from the apps' env. */
  rateLimits?: Partial<Record<RateLimitBucket, RateLimitRule>>;
  /**
   * `MESHBENCH_ENCRYPTION_KEYS` ("id:base64" pairs, the first seals kubeconfigs and workspace
   * secrets); without it the local-mode dev key. Apps pass their validated env value; nothing here reads env.
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
  /** Alert deliveries: the pg-boss queue, and how many tries each gets (the queue's `attempts`). */
  deliveryQueue?: (DeliveryEnqueuer & { attempts?: number }) | null;
  /** Where webhooks may go; defaults to the clusters' outbound policy. None: webhooks refused. */
  alertPolicy?: OutboundPolicy | null;
  /** Logs what must not fail a run (alerting errors); console by default. */
  log?: (line: string) => void;
  /** Observes every stored upload (the web app counts ingest rate and latency with it). */
  observeIngest?: IngestObserver;
};

/**
 * Wires the services over one database client; the web app, the worker, the seed and tests call
 * this once at start-up. The repositories are built here and handed to the services that own
 * them: callers get services only. Everything is injected, so tests need no module mocks.
 */
export function createServices(db: Database, options: ServiceOptions = {}) {
  const runs = createRunRepository(db);
  const rateLimits = createRateLimitService(
    createRateLimiter(db, { ...DEFAULT_RATE_LIMITS, ...options.rateLimits }),
  );
  const clusters = createClusterRepository(db);
  const benchmarks = createBenchmarkRepository(db);
  const history = createHistoryRepository(db);
  const audit = createAuditRepository(db);
  const memberships = createMembershipRepository(db);
  const workspaces = createWorkspaceRepository(db);
  const tokens = createApiTokenRepository(db);
  const shareLinks = createShareLinkRepository(db);
  const samples = createResourceSampleRepository(db);
  const execution = createRunExecutionRepository(db);
  const rateSeries = createRateSeriesRepository(db);
  /** The one vault: kubeconfigs and workspace secrets, a data key per purpose. */
  const vault = new SecretVault(
    options.encryptionKeys ? parseVaultKeys(options.encryptionKeys) : localDevVaultKeys(),
  );
  const secrets = createSecretService({ secrets: createWorkspaceSecretRepository(db), vault });
  const scheduling = createRunSchedulingService({
    benchmarks,
    clusters,
    execution,
    queue: options.runQueue ?? null,
    secrets,
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
    vault,
    gatewayFor: (connection, cluster) =>
      new KubeClusterGateway(connection, {
        prometheusUrl: cluster.prometheusUrl,
        pollMs: options.clusterPollMs,
      }),
    rules: options.clusterRules ?? { outboundPolicy: null },
  });
  const reports = createReportService({ runs, samples, noise });
  const verdicts = createVerdictRepository(db);
  const templates = createTemplateService();
  const audits = createAuditService(audit);
  const benchmarkService = createBenchmarkService({ benchmarks, templates, secrets });
  const decisions = createChangePointDecisionRepository(db);
  const historyService = createHistoryService({
    benchmarks,
    history,
    decisions,
    exclusions: createRunExclusionRepository(db),
    audit: audits,
  });
  const verdictService = createVerdictService({
    runs,
    benchmarks,
    history,
    verdicts,
    audit: audits,
  });
  const alerts = createAlertRepository(db);
  const mailer = options.mailer ?? createDisabledMailer();
  const alertPolicy =
    options.alertPolicy !== undefined
      ? options.alertPolicy
      : (options.clusterRules?.outboundPolicy ?? null);
  const arrivals = createArrivalService({
    runs,
    benchmarks,
    alerts,
    decisions,
    history: historyService,
    verdicts: verdictService,
    reports,
    queue: options.deliveryQueue ?? null,
    appUrl: options.appUrl ?? "http://localhost:3000",
    log: options.log ?? console.warn,
  });
  const schedules = createScheduleRepository(db);
  return {
    /** The database round trip behind /api/health. */
    health: createHealthService(db),
    /** Reading runs: the runs list, its filters, one run with its trials, the definition it ran. */
    runs: createRunQueryService(runs, benchmarks, rateSeries),
    /** The caller's workspace and the others they belong to. */
    workspaces: createWorkspaceService({ workspaces, members: memberships }),
    /** Members and invitations (owners); invitation mails with their links. */
    members: createMemberService({
      members: memberships,
      mailer,
      appUrl: options.appUrl ?? "http://localhost:3000",
    }),
    /** API tokens: created (shown once), revoked, and authenticated by their hash. */
    tokens: createTokenService(tokens),
    /** The audit log: listed for admins, written by auth hooks. */
    audit: audits,
    /** The shared rate-limit buckets (tRPC/REST procedures, the auth route). */
    rateLimits,
    /** Public read-only links to runs and comparisons. */
    share: createShareService({ shareLinks, runs, reports }),
    /** Run and comparison downloads (CSV, JSON, SMP). */
    exports: createExportService({ runs, reports, rateSeries }),
    /** The five write-up templates ("New benchmark from a template", `meshbench template`). */
    templates,
    /** CI uploads stored as a run; run results as REST clients read them. */
    results: createResultsService({
      uploads: observedUploads(db, options.observeIngest),
      uploadRateLimit: (subject) => rateLimits.guardedSpend("upload", subject),
      runs,
      onFinished: arrivals.runFinished,
    }),
    /** Retention: a workspace's policy and the worker's hourly prune of old histograms. */
    retention: createRetentionService(createRetentionRepository(db), audits),
    /** A statistic's trend across a benchmark's runs; runs excluded from it (audited). */
    history: historyService,
    /** Budgets and the verdicts judged by them. */
    verdicts: verdictService,
    /** Alert channels (admins) and rules (members); channel secrets sealed, shown once. */
    alerts: createAlertService({ alerts, benchmarks, vault, audit: audits, policy: alertPolicy }),
    /** Data arrived (a run finished or was uploaded): change points stored, rules → deliveries. */
    arrivals,
    /** One attempt of an alert delivery (the worker's delivery queue calls it). */
    deliverAlert: createDeliverer({
      alerts,
      vault,
      policy: alertPolicy,
      mailer,
      now: () => new Date(),
      attempts: options.deliveryQueue?.attempts ?? 3,
    }),
    /** Run reports and comparisons computed with core. */
    reports,
    /** A/A calibration per cluster and the noise band beside deltas. */
    noise,
    /** Target clusters: register/validate/detect; kubeconfigs sealed by the vault. */
    clusters: createClusterService({ clusters, audit, access }),
    /** Opening registered clusters (the worker and the sweeper). */
    clusterAccess: access,
    benchmarks: benchmarkService,
    /** Header secrets: sealed by admins, listed by name, opened only for the worker's requests. */
    secrets,
    /** Reproducibility bundles: export, import as a read-only run, run again on another cluster. */
    bundles: createBundleService({
      runs,
      samples,
      verdicts,
      imports: createImportRepository(db),
      clusters,
      benchmarkRecords: benchmarks,
      benchmarks: benchmarkService,
      scheduling,
      noise,
      secrets,
    }),
    /** runs.start / runs.cancel: queue runs for the workers (pg-boss); waiting runs woken. */
    scheduling,
    /** Schedules per benchmark × cluster: cron in a time zone, next runs, firings. */
    schedules: createScheduleService({ schedules, benchmarks, clusters, audit: audits }),
    /** The worker's scheduler tick: fires due schedules once across worker processes. */
    scheduleFiring: createScheduleFiring({ schedules, benchmarks, clusters, scheduling }),
    /** The worker's side of a run: claim, record trials, finish. */
    execution: createRunExecutionService({
      runs,
      clusters,
      execution,
      samples,
      access,
      secrets,
      onFinished: arrivals.runFinished,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
