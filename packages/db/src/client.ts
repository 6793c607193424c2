import { createHash } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "./generated/prisma/client";
import { stripNulOnWrite } from "./strip-nul";

const pools = new WeakMap<object, pg.Pool>();

/** The one way to get a database client: the app and tests pass the URL in (no env reads here). */
export function createPrismaClient(databaseUrl: string, options: { maxConnections?: number } = {}) {
  // One pool, shared by the ORM (through its adapter) and the hot raw statements (sqlPool).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.maxConnections ?? 10 });
  // An idle connection the server dropped (restart, shutdown): the pool discards it and opens a
  // new one for the next query; a query's own failure reaches its caller. Without a listener the
  // dropped connection would be an uncaught error.
  pool.on("error", () => undefined);
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  const db = new PrismaClient({ adapter }).$extends(stripNulOnWrite);
  pools.set(db, pool);
  return db;
}

export type Database = ReturnType<typeof createPrismaClient>;

/**
 * The client's own `pg` pool, for the few statements on a hot path (an upload's token, rate
 * limit, benchmark and insert): a raw query through the ORM costs ≈ 0.2 ms of CPU for its
 * query compiler, the driver's ≈ 0.03 ms (bench: ingest, BENCHMARKS.md). Same connections, same
 * database; parameters are always bound ($1…), never spliced.
 */
export function sqlPool(db: Database): pg.Pool {
  const pool = pools.get(db);
  if (!pool) throw new Error("sqlPool: not a client made by createPrismaClient");
  return pool;
}

const statementNames = new Map<string, string>();

/**
 * A hot statement as a named prepared statement: Postgres parses and plans it once per
 * connection instead of on every call (the upload's gate read planned in 0.3 ms and ran in
 * 0.05: bench: ingest). The name follows from the text, so one text is one statement on every
 * connection of the pool. Use: `pool.query({ ...prepared(sql), values })`.
 */
export function prepared(text: string): { name: string; text: string } {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `mb_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return { name, text };
}
