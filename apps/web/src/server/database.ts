import "server-only";
import { createPrismaClient, type Database } from "@meshbench/db";
import { env } from "~/env";

// One Prisma client per server process (kept across dev hot reloads).
const globalForDatabase = globalThis as unknown as { meshbenchDb?: Database };

export function getDatabase(): Database {
  globalForDatabase.meshbenchDb ??= createPrismaClient(env.DATABASE_URL);
  return globalForDatabase.meshbenchDb;
}
