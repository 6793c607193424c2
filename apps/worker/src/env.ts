/** Every environment variable the worker reads, validated once at start. */
import { createEnv } from "@t3-oss/env-core";
import { z } from "zod";

export const env = createEnv({
  server: {
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" }),
    MESHBENCH_WORKER_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  },
  runtimeEnv: process.env,
  emptyStringAsUndefined: true,
});
