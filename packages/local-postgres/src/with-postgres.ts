/**
 * `tsx src/local/with-postgres.ts <command...>`: runs a command with DATABASE_URL pointing at a
 * fresh ephemeral embedded Postgres database (used for migration authoring and the drift check
 * when no DATABASE_URL is given).
 */
import { spawnSync } from "node:child_process";
import { createDatabase } from "./databases";
import { startLocalPostgres } from "./embedded-postgres";

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error("usage: with-postgres <command...>");
  process.exit(64);
}
const server = await startLocalPostgres({ ephemeral: true, fast: true });
const status = await createDatabase(server.url, "meshbench")
  .then(
    (url) =>
      spawnSync(command[0]!, command.slice(1), {
        stdio: "inherit",
        env: { ...process.env, DATABASE_URL: url },
      }).status ?? 1,
  )
  .finally(() => server.stop());
process.exit(status);
