/**
 * A driver adapter factory for the Prisma CLI only (migrate deploy / dev / diff / status).
 * The app never uses it. Prisma 6.19 migrates through its bundled WASM schema engine with a
 * driver adapter, which is what lets migrations run without downloading a native engine; the
 * stock @prisma/adapter-pg has three defects on that path, worked around here
 * (see shared notes in ARCHITECTURE.md, "Prisma offline"):
 *  1. catalog columns of type "char" (oid 18) and "name" (oid 19) cannot be deserialised:
 *     a pg.Client subclass relabels them as text (oid 25);
 *  2. a connectionString wins over the shadow database name: pass discrete fields instead;
 *  3. the shadow database is dropped before its pool closes: we own create/dispose/drop.
 */
import { randomUUID } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { parseIntoClientConfig } from "pg-connection-string";

const PG_CHAR_OID = 18;
const PG_NAME_OID = 19;
const PG_TEXT_OID = 25;

type QueryResultLike = { fields?: { dataTypeID: number }[] };

function relabelCatalogTypes<T>(result: T): T {
  for (const field of (result as QueryResultLike | undefined)?.fields ?? []) {
    if (field.dataTypeID === PG_CHAR_OID || field.dataTypeID === PG_NAME_OID) {
      field.dataTypeID = PG_TEXT_OID;
    }
  }
  return result;
}

class CatalogFriendlyClient extends pg.Client {
  // pg's query has many overloads (promise and callback styles); both are wrapped.
  override query(...args: unknown[]): never {
    const last = args[args.length - 1];
    if (typeof last === "function") {
      const callback = last as (err: Error | null, res: unknown) => void;
      args[args.length - 1] = (err: Error | null, res: unknown) =>
        callback(err, err ? res : relabelCatalogTypes(res));
      return (super.query as (...a: unknown[]) => never)(...args);
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result instanceof Promise) {
      return result.then(relabelCatalogTypes) as never;
    }
    return result as never;
  }
}

function poolConfigFor(url: string, database?: string): pg.PoolConfig {
  const parsed = parseIntoClientConfig(url);
  return {
    host: parsed.host ?? undefined,
    port: parsed.port ?? undefined,
    user: parsed.user ?? undefined,
    password: parsed.password ?? undefined,
    database: database ?? parsed.database ?? undefined,
    ssl: parsed.ssl,
    Client: CatalogFriendlyClient,
    allowExitOnIdle: true,
  };
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ ...poolConfigFor(url, "postgres") });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Wipes the public schema of a user-provided shadow database (no CREATE DATABASE rights). */
async function resetSchema(url: string) {
  const client = new pg.Client(poolConfigFor(url));
  await client.connect();
  try {
    await client.query("DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;");
  } finally {
    await client.end();
  }
}

export function createMigrationAdapter(databaseUrl: string, shadowDatabaseUrl?: string) {
  return {
    provider: "postgres" as const,
    adapterName: "@prisma/adapter-pg" as const,
    connect: () => new PrismaPg(poolConfigFor(databaseUrl)).connect(),
    async connectToShadowDb() {
      if (shadowDatabaseUrl) {
        await resetSchema(shadowDatabaseUrl);
        return new PrismaPg(poolConfigFor(shadowDatabaseUrl)).connect();
      }
      const name = `prisma_migrate_shadow_db_${randomUUID().replaceAll("-", "")}`;
      await withAdminClient(databaseUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
      const adapter = await new PrismaPg(poolConfigFor(databaseUrl, name)).connect();
      const dispose = adapter.dispose.bind(adapter);
      adapter.dispose = async () => {
        await dispose();
        await withAdminClient(databaseUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}"`));
      };
      return adapter;
    },
  };
}
