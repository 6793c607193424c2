/* Test-only: the fixtures committed beside this package (a clone has no ../shared). */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const FIXTURES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../fixtures",
);

export function readFixture(relative: string): string {
  return readFileSync(path.join(FIXTURES_DIR, relative), "utf8");
}

export function listFixtures(dir: string, ext = ".json"): string[] {
  return readdirSync(path.join(FIXTURES_DIR, dir))
    .filter((f) => f.endsWith(ext))
    .sort()
    .map((f) => path.join(dir, f));
}

/** Every Fortio file that is a real result (REST replies excluded). */
export function fortioResultFixtures(): string[] {
  return [
    ...listFixtures("fortio"),
    ...listFixtures("fortio/matrix"),
    ...listFixtures("fortio/rest"),
  ].filter((f) => readFixture(f).includes('"DurationHistogram"'));
}

export const REST_REPLY_FIXTURES = [
  "fortio/rest/rest-async-reply.json",
  "fortio/rest/rest-async-save-reply.json",
  "fortio/rest/rest-error-badurl.json",
  "fortio/rest/rest-error-nourl.json",
  "fortio/rest/rest-status-during.json",
  "fortio/rest/rest-stop-reply.json",
];
