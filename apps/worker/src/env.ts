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
  },
  runtimeEnv: process.env,
  emptyStringAsUndefined: true,
});

if (env.MESHBENCH_MODE === "production" && !env.MESHBENCH_ENCRYPTION_KEYS) {
  throw new Error("MESHBENCH_ENCRYPTION_KEYS is required in production mode");
}
