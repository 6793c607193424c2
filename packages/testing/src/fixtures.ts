import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The real Fortio results committed in packages/formats/fixtures (copied from shared fixtures). */
export const fixturesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../formats/fixtures",
);

export function readFixture(relative: string) {
  return readFileSync(path.join(fixturesDir, relative), "utf8");
}

export function listFixtures(relativeDir: string) {
  return readdirSync(path.join(fixturesDir, relativeDir))
    .filter((f) => f.endsWith(".json"))
    .sort();
}
