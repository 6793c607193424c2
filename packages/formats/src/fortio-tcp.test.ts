import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { homedir, tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { ZTrialResult } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { importFortioJson } from "./fortio";
import { readFixture } from "./test-support/fixtures";

describe("Fortio TCP results (tcp:// load against the echo's TCP port)", () => {
  it("imports a REST-saved TCP result as Fortio's, protocol tcp, OK codes not errors", () => {
    const trial = importFortioJson(readFixture("fortio/tcp/loopback-tcp-qps200-c2-payload10.json"));
    expect(ZTrialResult.parse(trial)).toEqual(trial);
    expect(trial.loadGenerator).toBe("fortio");
    expect(trial.meta.format).toBe("fortio");
    expect(trial.runType).toBe("TCP");
    expect(trial.protocol).toBe("tcp");
    expect(trial.requestCount).toBe(400);
    expect(trial.errorCount).toBe(0);
    expect(trial.retCodes).toEqual({ OK: 400 });
    expect(trial.connections).toBe(2);
    expect(trial.requestedQps).toBe(200);
    expect(trial.meta.bytesSent).toBe(4020);
    expect(trial.summary.p50).toBeGreaterThan(0);
    expect(trial.summary.max).toBeCloseTo(0.004706539, 9);
  });

  it("imports the CLI form too", () => {
    const trial = importFortioJson(readFixture("fortio/tcp/loopback-tcp-cli-qps200-c2.json"));
    expect(trial.loadGenerator).toBe("fortio");
    expect(trial.protocol).toBe("tcp");
    expect(trial.errorCount).toBe(0);
    expect(trial.keepAlive).toBe(true);
  });
});

/** Fortio's binary as bench/src/fortio-bin.ts caches it (absent: the live check is skipped). */
const FORTIO = path.join(
  process.env.XDG_CACHE_HOME ?? path.join(homedir(), ".cache"),
  "meshbench/fortio/v1.68.2/fortio",
);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

describe.skipIf(!existsSync(FORTIO))("live: the real fortio binary on loopback", () => {
  it("a 1 s tcp:// load against fortio's TCP echo imports with its latencies", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "fortio-tcp-"));
    const port = await freePort();
    const { spawn } = await import("node:child_process");
    const echo = spawn(
      FORTIO,
      ["tcp-echo", "-tcp-port", `127.0.0.1:${port}`, "-http-port", "disabled"],
      { stdio: "ignore" },
    );
    try {
      const out = path.join(dir, "tcp.json");
      await new Promise((r) => setTimeout(r, 300));
      await promisify(execFile)(
        FORTIO,
        ["load", "-qps", "100", "-c", "2", "-t", "1s", "-json", out, `tcp://127.0.0.1:${port}`],
        { timeout: 15_000 },
      );
      const trial = importFortioJson(readFileSync(out, "utf8"));
      expect(trial.loadGenerator).toBe("fortio");
      expect(trial.protocol).toBe("tcp");
      expect(trial.requestCount).toBeGreaterThanOrEqual(90);
      expect(trial.errorCount).toBe(0);
      expect(trial.summary.p50).toBeGreaterThan(0);
      expect(trial.summary.p50).toBeLessThan(0.05);
    } finally {
      echo.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 20_000);
});
