import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

export const FORTIO_VERSION = "v1.68.2";

/** Fortio's binary, built from the Go module proxy into a cache keyed by version when missing. */
export function ensureFortio(log: (line: string) => void): string {
  const dir = path.join(
    process.env.XDG_CACHE_HOME ?? path.join(homedir(), ".cache"),
    "meshbench/fortio",
    FORTIO_VERSION,
  );
  const bin = path.join(dir, "fortio");
  if (existsSync(bin)) return bin;
  mkdirSync(dir, { recursive: true });
  log(`building fortio ${FORTIO_VERSION} (go install, once)…`);
  execFileSync("go", ["install", `fortio.org/fortio@${FORTIO_VERSION}`], {
    env: { ...process.env, GOBIN: dir },
    stdio: ["ignore", "inherit", "inherit"],
    timeout: 15 * 60_000,
  });
  return bin;
}
