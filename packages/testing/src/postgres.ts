import { randomBytes } from "node:crypto";
import { createDatabase } from "@meshbench/local-postgres";
import { afterAll, beforeAll, inject } from "vitest";
import { dropDatabase } from "./drop-database";
import "./provided-context";

export { dropDatabase };

/** The admin URL of the test run's Postgres server (for tests that manage databases themselves). */
export const adminDatabaseUrl = () => inject("pgAdminUrl");

/** A fresh, migrated database for one test file; drop it in afterAll. */
export async function createTestDatabase() {
  const adminUrl = inject("pgAdminUrl");
  const name = `mb_test_${randomBytes(6).toString("hex")}`;
  const url = await createDatabase(adminUrl, name, inject("pgTemplate"));
  return { url, name, drop: () => dropDatabase(adminUrl, name) };
}

/** Anything holding connections that must be released before the database is dropped (e.g. a Prisma client). */
interface Disconnectable {
  $disconnect(): Promise<unknown>;
}

/**
 * A fresh, migrated database for the enclosing suite: registers a beforeAll that creates it and
 * calls `connect` with its URL, and an afterAll that disconnects the client(s) and drops it.
 * Call it before the suite's own hooks so they can use the client (afterAll hooks run in reverse
 * order, so the suite's own clean-up still runs before the disconnect). Returns an accessor for
 * what `connect` returned (only valid once the beforeAll has run).
 */
export function useTestDatabase<T extends Disconnectable | readonly Disconnectable[]>(
  connect: (url: string) => T,
): () => T {
  let test: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let connected: T | undefined;
  beforeAll(async () => {
    test = await createTestDatabase();
    connected = connect(test.url);
  });
  afterAll(async () => {
    try {
      const clients: readonly Disconnectable[] =
        connected === undefined
          ? []
          : Array.isArray(connected)
            ? connected
            : [connected as Disconnectable];
      for (const client of clients) await client.$disconnect();
    } finally {
      await test?.drop();
    }
  });
  return () => {
    if (connected === undefined)
      throw new Error(
        "useTestDatabase: the database is not set up yet (use it inside a hook or test)",
      );
    return connected;
  };
}
