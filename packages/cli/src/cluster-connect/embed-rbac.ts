/**
 * Copies infra/rbac/meshbench-rbac.yaml into meshbench-rbac.embedded.ts, so the CLI carries the
 * RBAC without the repository: `pnpm --filter @meshbench/cli embed-rbac` after editing the file.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { embeddedModule } from "./rbac";

export const RBAC_SOURCE = fileURLToPath(
  new URL("../../../../infra/rbac/meshbench-rbac.yaml", import.meta.url),
);
export const EMBEDDED_MODULE = fileURLToPath(
  new URL("./meshbench-rbac.embedded.ts", import.meta.url),
);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(EMBEDDED_MODULE, embeddedModule(readFileSync(RBAC_SOURCE, "utf8")));
  console.log(`wrote ${EMBEDDED_MODULE}`);
}
