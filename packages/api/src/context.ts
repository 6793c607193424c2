import type {
  ApiTokenRepository,
  HistoryRepository,
  IdempotencyRepository,
  UploadRepository,
  AuditRepository,
  checkDatabase,
  MembershipRepository,
  RateLimiter,
  RunRepository,
  ShareLinkRepository,
  WorkspaceRepository,
} from "@meshbench/db";
import type { Mailer } from "./auth/mailer";
import type { TokenScope } from "./auth/scopes";
import type { ReportService } from "./reports/report-service";
import type { BenchmarkService } from "./routers/benchmarks/benchmark-service";
import type { ClusterService } from "./routers/clusters/cluster-service";
import type { RunSchedulingService } from "./routers/runs/run-scheduling-service";

export type Role = "owner" | "admin" | "member" | "viewer";

/**
 * Who is calling, resolved once per request by auth/resolve-actor.ts (session cookie or API
 * token). `via: "local"` is only for callers that tests build directly.
 */
export type Actor = {
  userId: string | null;
  workspaceId: string;
  role: Role;
  via: "session" | "token" | "local";
  /** The API token's id when via is "token" (for the audit log). */
  tokenId?: string | null;
  /** The API token's scopes; null/absent for sessions (their role alone decides). */
  scopes?: TokenScope[] | null;
};

/** Services are injected, so tests build a caller over a real database without module mocks. */
export type Services = {
  /** CI uploads, benchmark budgets; history and reference runs; REST Idempotency-Key records. */
  uploads: UploadRepository;
  history: HistoryRepository;
  idempotency: IdempotencyRepository;
  runs: RunRepository;
  workspaces: WorkspaceRepository;
  checkDatabase: () => ReturnType<typeof checkDatabase>;
  members: MembershipRepository;
  tokens: ApiTokenRepository;
  /** `services.audit.record(workspaceId, {...auditActor(ctx.actor), action, targetType, ...})` */
  audit: AuditRepository;
  rateLimits: RateLimiter;
  mailer: Mailer;
  /** Public base URL of the web app, for links in mail (invitations, password reset). */
  appUrl: string;
  /** Run reports and comparisons computed with core (issue 5). */
  reports: ReportService;
  shareLinks: ShareLinkRepository;
  /** Target clusters (issue 4): register/validate/detect; kubeconfigs sealed by the vault. */
  clusters: ClusterService;
  benchmarks: BenchmarkService;
  /** runs.start / runs.cancel: queue runs for the workers (pg-boss). */
  scheduling: RunSchedulingService;
};

export type Context = {
  services: Services;
  actor: Actor | null;
};

export function createContext(input: Context): Context {
  return input;
}
