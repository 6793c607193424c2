import "server-only";
import {
  clusterRules,
  createMailer,
  createServices,
  type Mailer,
  type Services,
} from "@meshbench/api";
import { createDeliveryQueue, createIdempotencyRepository, createRunQueue } from "@meshbench/db";
import { authEnv, clusterSettings, env, mailSettings } from "~/env";
import { getDatabase } from "./database";
import { getMetrics } from "./ops";

// One set of services per server process (kept across dev hot reloads).
const globalForServices = globalThis as unknown as {
  meshbenchServices?: Services;
  meshbenchMailer?: Mailer;
  meshbenchIdempotency?: ReturnType<typeof createIdempotencyRepository>;
};

/** Invitation, password-reset and alert mail (the services and better-auth send through it). */
export function getMailer(): Mailer {
  globalForServices.meshbenchMailer ??= createMailer(mailSettings);
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
    // Alerts of uploaded runs are queued here; the workers send them.
    deliveryQueue: createDeliveryQueue(env.DATABASE_URL),
    // Ingest rate and latency (meshbench_ingest_*), wrapped once here and never per request.
    observeIngest: (store, trialsOf) => getMetrics().observeIngest(store, trialsOf),
  });
  return globalForServices.meshbenchServices;
}
