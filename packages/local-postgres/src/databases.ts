import pg from "pg";

/** Replaces the database name in a Postgres URL. */
export function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A database name checked to be a plain identifier (it is quoted into DDL). */
export const safeDatabaseName = (name: string) => {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`unsafe database name: ${name}`);
  return name;
};

export async function createDatabase(adminUrl: string, name: string, template?: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (exists.rowCount === 0) {
      const from = template ? ` TEMPLATE "${safeDatabaseName(template)}"` : "";
      await client.query(`CREATE DATABASE "${safeDatabaseName(name)}"${from}`);
    }
  } finally {
    await client.end();
  }
  return withDatabase(adminUrl, name);
}
