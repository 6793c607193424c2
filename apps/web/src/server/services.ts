import "server-only";
import {
  clusterRules,
  createConsoleMailer,
  createDisabledMailer,
  createServices,
  type Mailer,
  type Services,
} from "@meshbench/api";
import { createIdempotencyRepository, createRunQueue } from "@meshbench/db";
import { authEnv, clusterSettings, env } from "~/env";
import { getDatabase } from "./database";
import { getMetrics } from "./ops";

// One set of services per server process (kept across dev hot reloads).
const globalForServices = globalThis as unknown as {
  meshbenchServices?: Services;
  meshbenchMailer?: Mailer;
  meshbenchIdempotency?: ReturnType<typeof createIdempotencyRepository>;
};

/** Invitation and password-reset mail (the services and better-auth send through it). */
export function getMailer(): Mailer {
  globalForServices.meshbenchMailer ??=
    authEnv.mailTransport === "console" ? createConsoleMailer() : createDisabledMailer();
  return globalForServices.meshbenchMailer;
}

/** The REST transport's Idempotency-Key records, over the same database client. */
export function getIdempotencyStore() {
  globalForServices.meshbenchIdempotency ??= createIdempotencyRepository(getDatabase());
  return globalForServices.meshbenchIdempotency;
}

export function getServices(): Services {
  globalForServices.meshbenchServices ??= createServices(getDatabase(), {
    mailer: getMailer(),
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
