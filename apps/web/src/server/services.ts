import "server-only";
import {
  createConsoleMailer,
  createDisabledMailer,
  createServices,
  type Services,
} from "@meshbench/api";
import { createPrismaClient, createRunQueue, type Database } from "@meshbench/db";
import { KubeconfigVault, localDevVaultKeys, parseVaultKeys } from "@meshbench/k8s";
import { authEnv, env } from "~/env";
import { getMetrics } from "./ops";

// One Prisma client per server process (kept across dev hot reloads).
const globalForServices = globalThis as unknown as {
  meshbenchDb?: Database;
  meshbenchServices?: Services;
};

export function getDatabase(): Database {
  globalForServices.meshbenchDb ??= createPrismaClient(env.DATABASE_URL);
  return globalForServices.meshbenchDb;
}

export function getServices(): Services {
  globalForServices.meshbenchServices ??= createServices(getDatabase(), {
    mailer: authEnv.mailTransport === "console" ? createConsoleMailer() : createDisabledMailer(),
    appUrl: authEnv.baseURL,
    rateLimits: {
      auth: { points: env.MESHBENCH_AUTH_RATE_LIMIT, durationSeconds: 60 },
      upload: { points: env.MESHBENCH_UPLOAD_RATE_LIMIT, durationSeconds: 60 },
    },
    vault: new KubeconfigVault(
      env.MESHBENCH_ENCRYPTION_KEYS
        ? parseVaultKeys(env.MESHBENCH_ENCRYPTION_KEYS)
        : localDevVaultKeys(),
    ),
    runQueue: createRunQueue(env.DATABASE_URL),
    // Ingest rate and latency (meshbench_ingest_*), wrapped once here and never per request.
    observeIngest: (store, trialsOf) => getMetrics().observeIngest(store, trialsOf),
  });
  return globalForServices.meshbenchServices;
}
