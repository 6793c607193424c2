/**
 * Starts what the UI tests need, all real: the production build of the web app on a fresh
 * embedded Postgres with the migrations and the demo seed (support/app-server.ts). The base URL
 * reaches the tests through the environment.
 */
import path from "node:path";
import { repoRoot, startAppServer } from "./support/app-server";

export default async function globalSetup() {
  // The server log is kept for tests that read what the local console mailer printed.
  const server = await startAppServer({
    name: "e2e",
    logFile: path.join(repoRoot, "e2e/artifacts/web-server.log"),
    env: { MESHBENCH_AUTH_RATE_LIMIT: "30" },
  });
  process.env.MESHBENCH_E2E_BASE_URL = server.baseUrl;
  process.env.MESHBENCH_E2E_DATABASE_URL = server.databaseUrl;
  process.env.MESHBENCH_E2E_SERVER_LOG = server.logFile;
  return () => server.stop();
}
