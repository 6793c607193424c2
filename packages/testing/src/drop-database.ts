import { safeDatabaseName } from "@meshbench/local-postgres";
import pg from "pg";

/** Drops a test database (its connections too); tests and the global setup clean up with it. */
export async function dropDatabase(adminUrl: string, name: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${safeDatabaseName(name)}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
