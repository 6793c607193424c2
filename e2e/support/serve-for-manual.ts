/** Manual testing: `pnpm --filter @meshbench/e2e exec tsx support/serve-for-manual.ts` keeps a seeded production server up. */
import path from "node:path";
import { repoRoot, startAppServer } from "./app-server";

const server = await startAppServer({
  name: "manual",
  logFile: path.join(repoRoot, "e2e/artifacts/manual-server.log"),
});
console.log(`MANUAL_URL=${server.baseUrl}`);
process.on("SIGINT", () => void server.stop().then(() => process.exit(0)));
process.on("SIGTERM", () => void server.stop().then(() => process.exit(0)));
setInterval(() => {}, 1 << 30);
