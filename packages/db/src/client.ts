import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/prisma/client";
import { stripNulOnWrite } from "./strip-nul";

/** The one way to get a database client: the app and tests pass the URL in (no env reads here). */
export function createPrismaClient(databaseUrl: string, options: { maxConnections?: number } = {}) {
  const adapter = new PrismaPg({
    connectionString: databaseUrl,
    max: options.maxConnections ?? 10,
  });
  return new PrismaClient({ adapter }).$extends(stripNulOnWrite);
}

export type Database = ReturnType<typeof createPrismaClient>;
