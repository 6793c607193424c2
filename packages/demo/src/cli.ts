/** `pnpm db:seed`: loads the demo workspace and run. Refuses in production mode. */
import { createPrismaClient } from "@meshbench/db";
import {
  DEMO_ADMIN_TOKEN,
  DEMO_API_TOKEN,
  DEMO_USER_EMAIL,
  DEMO_USER_PASSWORD,
} from "./credentials";
import { seedDemo } from "./seed-demo";
import { seedHistoryDemo } from "./seed-history";

const mode = process.env.MESHBENCH_MODE ?? "local";
if (mode !== "local") {
  console.error(
    `meshbench seed: refusing to seed demo data when MESHBENCH_MODE=${mode} (only in local mode)`,
  );
  process.exit(1);
}
const url = process.env.DATABASE_URL;
if (!url) {
  console.error("meshbench seed: DATABASE_URL is not set");
  process.exit(1);
}
const db = createPrismaClient(url);
try {
  const seeded = await seedDemo(db);
  console.log(`meshbench seed: demo run ${seeded.runId} with ${seeded.trials} trials`);
  const history = await seedHistoryDemo(db, seeded.workspaceId);
  console.log(
    `meshbench seed: ${history.runIds.length} seeded demo nightly runs of ${history.benchmarkKey}`,
  );
  // Local mode only (checked above): these are the public demo credentials from the README.
  console.log(
    `meshbench seed: sign in as ${DEMO_USER_EMAIL} / ${DEMO_USER_PASSWORD}; CI token ${DEMO_API_TOKEN}; admin token ${DEMO_ADMIN_TOKEN}`,
  );
} finally {
  await db.$disconnect();
}
