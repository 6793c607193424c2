/** Every environment variable the worker reads, validated once at start. */
import { createEnv } from "@t3-oss/env-core";
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
  },
  runtimeEnv: process.env,
  emptyStringAsUndefined: true,
});

if (env.MESHBENCH_MODE === "production" && !env.MESHBENCH_ENCRYPTION_KEYS) {
  throw new Error("MESHBENCH_ENCRYPTION_KEYS is required in production mode");
}
