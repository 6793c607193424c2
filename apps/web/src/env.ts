/**
 * Every environment variable the web app reads, validated once (imported by next.config, so a
 * bad environment fails the build and the start). Nothing else reads process.env.
 */
import { createEnv } from "@t3-oss/env-nextjs";
import { z } from "zod";

// Local mode only: production refuses to start with it (see the check below).
const DEV_AUTH_SECRET = "meshbench-local-dev-secret-not-for-production-use";

const optional = z.string().min(1).optional();

export const env = createEnv({
  server: {
    DATABASE_URL: z.url({
      protocol: /^postgres(ql)?$/,
      error: "must be a postgres:// or postgresql:// URL",
    }),
    MESHBENCH_MODE: z.enum(["local", "production"]).default("local"),
    /** Public URL of the app: cookies, CSRF origin checks and links in mail derive from it. */
    MESHBENCH_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** Signs session cookies; ≥ 32 characters. Local mode falls back to a dev secret. */
    BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    /**
     * `console` prints mail (reset and invitation links, alerts) to the server log: local mode
     * only. `smtp` sends through MESHBENCH_SMTP_* (host and From required).
     */
    MESHBENCH_MAIL_TRANSPORT: z.enum(["console", "none", "smtp"]).optional(),
    MESHBENCH_SMTP_HOST: optional,
    MESHBENCH_SMTP_PORT: z.coerce.number().int().min(1).max(65_535).default(587),
    MESHBENCH_SMTP_FROM: z.string().min(3).optional(),
    /** Implicit TLS (port 465); otherwise STARTTLS when offered. */
    MESHBENCH_SMTP_SECURE: z.enum(["true", "false"]).default("false"),
    MESHBENCH_SMTP_USER: optional,
    MESHBENCH_SMTP_PASSWORD: optional,
    /** Largest accepted request body for /api/trpc and /api/v1 (result uploads). */
    MESHBENCH_MAX_BODY_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(10 * 1024 * 1024),
    /** Sign-in, sign-up and password-reset attempts per minute, per client address and endpoint. */
    MESHBENCH_AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    /** Result uploads and run triggers per minute, per API token or user. */
    MESHBENCH_UPLOAD_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
    /**
     * Reverse proxies in front of the app that append to X-Forwarded-For. 0 (default): the
     * client is the TCP peer and X-Forwarded-For is ignored (any client can set it).
     */
    MESHBENCH_TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    /**
     * Kubeconfig encryption keys "id:base64(32 bytes)", comma-separated; the first seals, all
     * open (rotation). Required in production; local mode uses a fixed dev key.
     */
    MESHBENCH_ENCRYPTION_KEYS: z
      .string()
      .regex(
        /^[A-Za-z0-9_.-]{1,32}:[A-Za-z0-9+/]{43}=(,[A-Za-z0-9_.-]{1,32}:[A-Za-z0-9+/]{43}=)*$/,
        "id:base64(32 bytes)[,id:base64…]",
      )
      .optional(),
    /**
     * GET /api/metrics requires `Authorization: Bearer <token>` when set. Required in
     * production (the metrics name queue depths and failure counts); local mode may leave it open.
     */
    MESHBENCH_METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
    MESHBENCH_LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    /** Which addresses cluster servers and Prometheus URLs may have (see README, "Outbound"). */
    MESHBENCH_OUTBOUND_POLICY: z.enum(["production", "local", "test"]).optional(),
    /** CIDRs beyond the policy's defaults (production: private ranges of a self-hosted network). */
    MESHBENCH_OUTBOUND_ALLOW: optional,
    /** Workspace ids that may register the cluster Meshbench runs in ("in cluster" mode). */
    MESHBENCH_IN_CLUSTER_WORKSPACES: optional,
    /** Set by Kubernetes inside a pod; in-cluster mode needs them. */
    KUBERNETES_SERVICE_HOST: optional,
    KUBERNETES_SERVICE_PORT: optional,
    /** The build's prisma/migrations (readiness compares it with _prisma_migrations). */
    MESHBENCH_MIGRATIONS_DIR: optional,
    GITHUB_CLIENT_ID: optional,
    GITHUB_CLIENT_SECRET: optional,
    GOOGLE_CLIENT_ID: optional,
    GOOGLE_CLIENT_SECRET: optional,
  },
  client: {},
  experimental__runtimeEnv: {},
  skipValidation: process.env.MESHBENCH_SKIP_ENV_VALIDATION === "1",
  emptyStringAsUndefined: true,
});

const production = env.MESHBENCH_MODE === "production";
if (production && process.env.MESHBENCH_SKIP_ENV_VALIDATION !== "1") {
  const problems = [
    !env.BETTER_AUTH_SECRET || env.BETTER_AUTH_SECRET === DEV_AUTH_SECRET
      ? "BETTER_AUTH_SECRET: production needs its own secret (≥ 32 characters)"
      : null,
    !env.MESHBENCH_BASE_URL
      ? "MESHBENCH_BASE_URL: production needs the public URL of the app"
      : null,
    env.MESHBENCH_MAIL_TRANSPORT === "console"
      ? "MESHBENCH_MAIL_TRANSPORT: console is for local mode only"
      : null,
    env.MESHBENCH_MAIL_TRANSPORT === "smtp" &&
    (!env.MESHBENCH_SMTP_HOST || !env.MESHBENCH_SMTP_FROM)
      ? "MESHBENCH_SMTP_HOST, MESHBENCH_SMTP_FROM: the smtp transport needs both"
      : null,
    !env.MESHBENCH_ENCRYPTION_KEYS
      ? "MESHBENCH_ENCRYPTION_KEYS: production needs its own kubeconfig encryption key"
      : null,
    !env.MESHBENCH_METRICS_TOKEN
      ? "MESHBENCH_METRICS_TOKEN: production needs a bearer token for /api/metrics (≥ 16 characters)"
      : null,
  ].filter(Boolean);
  if (problems.length > 0)
    throw new Error(`Invalid environment variables:\n  ${problems.join("\n  ")}`);
}

/** Mail (invitations, password resets, alerts): the transport and, for smtp, the server. */
export const mailSettings = {
  transport: env.MESHBENCH_MAIL_TRANSPORT ?? (production ? "none" : "console"),
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

/** How clusters may be reached (outbound address policy, in-cluster workspaces). */
export const clusterSettings = {
  mode: env.MESHBENCH_MODE,
  outboundPolicy: env.MESHBENCH_OUTBOUND_POLICY,
  outboundAllow: env.MESHBENCH_OUTBOUND_ALLOW,
  inClusterWorkspaces: env.MESHBENCH_IN_CLUSTER_WORKSPACES,
  kubernetesServiceHost: env.KUBERNETES_SERVICE_HOST,
  kubernetesServicePort: env.KUBERNETES_SERVICE_PORT,
};

const port = process.env.PORT ?? "3000";
const baseURL = env.MESHBENCH_BASE_URL ?? `http://localhost:${port}`;

/** Auth settings derived once from the validated environment. */
export const authEnv = {
  secret: env.BETTER_AUTH_SECRET ?? DEV_AUTH_SECRET,
  baseURL,
  /** Origins allowed to send cookie-authenticated writes (local mode: either loopback name). */
  trustedOrigins: production
    ? [new URL(baseURL).origin]
    : [
        ...new Set([
          new URL(baseURL).origin,
          `http://localhost:${port}`,
          `http://127.0.0.1:${port}`,
        ]),
      ],
  oauth: {
    github:
      env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET
        ? { clientId: env.GITHUB_CLIENT_ID, clientSecret: env.GITHUB_CLIENT_SECRET }
        : undefined,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
        : undefined,
  },
};
