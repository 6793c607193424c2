import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/prisma/client";

/** The one way to get a database client: the app and tests pass the URL in (no env reads here). */
export function createPrismaClient(databaseUrl: string, options: { maxConnections?: number } = {}) {
  const adapter = new PrismaPg({
    connectionString: databaseUrl,
    max: options.maxConnections ?? 10,
  });
  return new PrismaClient({ adapter });
}

export type Database = ReturnType<typeof createPrismaClient>;
