import "server-only";
import { createServices, type Services } from "@meshbench/api";
import { createPrismaClient } from "@meshbench/db";
import { env } from "~/env";

// One Prisma client per server process (kept across dev hot reloads).
const globalForServices = globalThis as unknown as { meshbenchServices?: Services };

export function getServices(): Services {
  globalForServices.meshbenchServices ??= createServices(createPrismaClient(env.DATABASE_URL));
  return globalForServices.meshbenchServices;
}
