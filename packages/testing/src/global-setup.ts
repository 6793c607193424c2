/**
 * Vitest global setup for integration tests: one real Postgres for the test run (embedded, on a
 * free port — or the server behind DATABASE_URL when set), and a template database with the
 * committed migrations applied once. Each test file then clones the template
 * (`CREATE DATABASE … TEMPLATE …`, milliseconds) through `createTestDatabase()`.
 */
import { randomBytes } from "node:crypto";
import { createDatabase, startLocalPostgres, withDatabase } from "@meshbench/local-postgres";
import type { TestProject } from "vitest/node";
import { dropDatabase } from "./drop-database";
import { applyMigrations } from "./migrations";
import "./provided-context";

export default async function setup(project: TestProject) {
  const external = process.env.DATABASE_URL;
  const server = external ? null : await startLocalPostgres({ ephemeral: true, fast: true });
  const adminUrl = external ? withDatabase(external, "postgres") : server!.url;
  const template = `mb_template_${randomBytes(6).toString("hex")}`;
  const templateUrl = await createDatabase(adminUrl, template);
  await applyMigrations(templateUrl);
  project.provide("pgAdminUrl", adminUrl);
  project.provide("pgTemplate", template);
  return async () => {
    await dropDatabase(adminUrl, template);
    await server?.stop();
  };
}
