import { randomBytes } from "node:crypto";
import { createDatabase, dropDatabase } from "@meshbench/local-postgres";
import { inject } from "vitest";
import "./provided-context";

/** The admin URL of the test run's Postgres server (for tests that manage databases themselves). */
export const adminDatabaseUrl = () => inject("pgAdminUrl");

/** A fresh, migrated database for one test file; drop it in afterAll. */
export async function createTestDatabase() {
  const adminUrl = inject("pgAdminUrl");
  const name = `mb_test_${randomBytes(6).toString("hex")}`;
  const url = await createDatabase(adminUrl, name, inject("pgTemplate"));
  return { url, name, drop: () => dropDatabase(adminUrl, name) };
}
