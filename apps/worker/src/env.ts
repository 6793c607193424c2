/** Every environment variable the worker reads, validated once at start. */
import { createEnv } from "@t3-oss/env-core";
import { LOG_LEVELS } from "@meshbench/observability";
import { z } from "zod";

export const env = createEnv({
  server: {
    DATABASE_URL: z.url({
      protocol: /^postgres(ql)?$/,
      error: "must be a postgres:// or postgresql:// URL",
    }),
    MESHBENCH_WORKER_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
    /** How often the scheduler looks for due schedules and runs waiting for a cluster. */
    MESHBENCH_SCHEDULER_TICK_MS: z.coerce.number().int().min(1000).max(300_000).default(15_000),
    MESHBENCH_MODE: z.enum(["local", "production"]).default("local"),
    /** "id:base64(32 bytes)" pairs, comma-separated; the first seals. Required in production. */
    MESHBENCH_ENCRYPTION_KEYS: z.string().min(1).optional(),
    /** Ops HTTP server (/healthz, /readyz, /metrics) for probes and Prometheus. */
    MESHBENCH_OPS_PORT: z.coerce.number().int().min(0).max(65_535).default(9464),
    MESHBENCH_OPS_HOST: z.string().min(1).default("0.0.0.0"),
    MESHBENCH_LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
    /** The build's prisma/migrations (readiness compares it with _prisma_migrations). */
    MESHBENCH_MIGRATIONS_DIR: z.string().min(1).optional(),
    /** SIGTERM → exit deadline; keep below the pod's terminationGracePeriodSeconds. */
    MESHBENCH_SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).default(45_000),
    /** Which addresses cluster servers and Prometheus URLs may have (see README, "Outbound"). */
    MESHBENCH_OUTBOUND_POLICY: z.enum(["production", "local", "test"]).optional(),
    /** CIDRs beyond the policy's defaults (production: private ranges of a self-hosted network). */
    MESHBENCH_OUTBOUND_ALLOW: z.string().min(1).optional(),
    /** Workspace ids that may register the cluster Meshbench runs in ("in cluster" mode). */
    MESHBENCH_IN_CLUSTER_WORKSPACES: z.string().min(1).optional(),
    /** Set by Kubernetes inside a pod; in-cluster mode needs them. */
    KUBERNETES_SERVICE_HOST: z.string().min(1).optional(),
    KUBERNETES_SERVICE_PORT: z.string().min(1).optional(),
    /** Public URL of the web app: links in alerts (local mode: http://localhost:3000). */
    MESHBENCH_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** Alert mail (the worker sends deliveries): `smtp` with MESHBENCH_SMTP_*; `console` local only. */
    MESHBENCH_MAIL_TRANSPORT: z.enum(["console", "none", "smtp"]).optional(),
    MESHBENCH_SMTP_HOST: z.string().min(1).optional(),
    MESHBENCH_SMTP_PORT: z.coerce.number().int().min(1).max(65_535).default(587),
    MESHBENCH_SMTP_FROM: z.string().min(3).optional(),
    /** Implicit TLS (port 465); otherwise STARTTLS when offered. */
    MESHBENCH_SMTP_SECURE: z.enum(["true", "false"]).default("false"),
    MESHBENCH_SMTP_USER: z.string().min(1).optional(),
    MESHBENCH_SMTP_PASSWORD: z.string().min(1).optional(),
  },
  runtimeEnv: process.env,
  emptyStringAsUndefined: true,
});

if (env.MESHBENCH_MODE === "production" && !env.MESHBENCH_ENCRYPTION_KEYS) {
  throw new Error("MESHBENCH_ENCRYPTION_KEYS is required in production mode");
}

/** How clusters may be reached (outbound address policy, in-cluster workspaces). */
export const clusterSettings = {
  mode: env.MESHBENCH_MODE,
  outboundPolicy: env.MESHBENCH_OUTBOUND_POLICY,
  outboundAllow: env.MESHBENCH_OUTBOUND_ALLOW,
  inClusterWorkspaces: env.MESHBENCH_IN_CLUSTER_WORKSPACES,
  kubernetesServiceHost: env.KUBERNETES_SERVICE_HOST,
  kubernetesServicePort: env.KUBERNETES_SERVICE_PORT,
};

/** Alert mail: SMTP as configured; console in local mode, none in production by default. */
export const mailSettings = {
  transport:
    env.MESHBENCH_MAIL_TRANSPORT ?? (env.MESHBENCH_MODE === "production" ? "none" : "console"),
  mode: env.MESHBENCH_MODE,
  smtp: {
    host: env.MESHBENCH_SMTP_HOST,
    port: env.MESHBENCH_SMTP_PORT,
    from: env.MESHBENCH_SMTP_FROM,
    secure: env.MESHBENCH_SMTP_SECURE === "true",
    user: env.MESHBENCH_SMTP_USER,
    password: env.MESHBENCH_SMTP_PASSWORD,
  },
} as const;
