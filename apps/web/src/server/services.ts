import "server-only";
import {
  clusterRules,
  createConsoleMailer,
  createDisabledMailer,
  createServices,
  type Services,
} from "@meshbench/api";
import { createRunQueue } from "@meshbench/db";
import { authEnv, clusterSettings, env } from "~/env";
import { getDatabase } from "./database";
import { getMetrics } from "./ops";

// One set of services per server process (kept across dev hot reloads).
const globalForServices = globalThis as unknown as { meshbenchServices?: Services };

export function getServices(): Services {
  globalForServices.meshbenchServices ??= createServices(getDatabase(), {
    mailer: authEnv.mailTransport === "console" ? createConsoleMailer() : createDisabledMailer(),
    appUrl: authEnv.baseURL,
    rateLimits: {
      auth: { points: env.MESHBENCH_AUTH_RATE_LIMIT, durationSeconds: 60 },
      upload: { points: env.MESHBENCH_UPLOAD_RATE_LIMIT, durationSeconds: 60 },
    },
    encryptionKeys: env.MESHBENCH_ENCRYPTION_KEYS,
    clusterRules: clusterRules(clusterSettings),
    runQueue: createRunQueue(env.DATABASE_URL),
    // Ingest rate and latency (meshbench_ingest_*), wrapped once here and never per request.
    observeIngest: (store, trialsOf) => getMetrics().observeIngest(store, trialsOf),
  });
  return globalForServices.meshbenchServices;
}
