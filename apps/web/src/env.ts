/**
 * Every environment variable the web app reads, validated once (imported by next.config, so a
 * bad environment fails the build and the start). Nothing else reads process.env.
 */
import { createEnv } from "@t3-oss/env-nextjs";
import { z } from "zod";

export const env = createEnv({
  server: {
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" }),
    MESHBENCH_MODE: z.enum(["local", "production"]).default("local"),
    MESHBENCH_LOCAL_WORKSPACE: z.string().min(1).default("demo"),
  },
  client: {},
  experimental__runtimeEnv: {},
  skipValidation: process.env.MESHBENCH_SKIP_ENV_VALIDATION === "1",
  emptyStringAsUndefined: true,
});
