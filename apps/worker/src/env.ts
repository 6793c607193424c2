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
