import path from "node:path";
import { readFile } from "node:fs/promises";
import { importResult } from "@meshbench/formats";
import { describe, expect, it } from "vitest";
import { runCli } from "./cli";
import { uploadBody } from "./commands/upload";
import type { CliIo } from "./io";

const fixtures = path.resolve(import.meta.dirname, "../../formats/fixtures");

function memoryIo() {
  const err: string[] = [];
  const read: string[] = [];
  const io: CliIo = {
    stdout: () => undefined,
    stderr: (t) => err.push(t),
    cwd: fixtures,
    env: {},
    fetch: () => Promise.reject(new Error("no network in this test")),
    readFile: (file) => {
      read.push(path.relative(fixtures, file));
      return readFile(file, "utf8");
    },
    writePrivateFile: () => Promise.reject(new Error("no files written in this test")),
    writeFile: () => Promise.reject(new Error("no files written in this test")),
    runProgram: () => Promise.reject(new Error("no programs in this test")),
    sleep: () => Promise.resolve(),
    isTty: false,
  };
  return { io, err: () => err.join(""), read };
}

const args = (...files: string[]) => [...files, "--benchmark", "elca", "--format", "locust"];

describe("meshbench upload with Locust --csv files", () => {
  it("pairs each _stats.csv with its _stats_history.csv by prefix: one trial per prefix", async () => {
    const m = memoryIo();
    const { body } = await uploadBody(
      args(
        "locust/locust-fortio-echo-u10_stats.csv",
        "locust/locust-fortio-echo-u10_stats_history.csv",
        "locust/locust-fortio-echo-u10_failures.csv",
        "locust/locust-fortio-echo-u20_stats.csv",
        "locust/locust-fortio-echo-u20_stats_history.csv",
      ),
      m.io,
    );
    expect(body.trials).toHaveLength(2);
    expect(body.trials.every((t) => t.format === "locust")).toBe(true);
    expect(m.err()).toBe(
      "skipping locust/locust-fortio-echo-u10_failures.csv: Locust's failures/exceptions are not results\n",
    );
    // What the server's importer then makes of each document: history used (users, steady RPS).
    const [u10, u20] = body.trials.map((t) => importResult(t.result as string));
    expect([u10?.connections, u10?.requestCount, u10?.actualQps]).toEqual([10, 910, 101.25]);
    expect([u20?.connections, u20?.requestCount]).toEqual([20, 1819]);
  });

  it("finds the history beside a stats file given alone", async () => {
    const m = memoryIo();
    const { body } = await uploadBody(args("locust/locust-fortio-echo-u10_stats.csv"), m.io);
    expect(m.read).toEqual([
      "locust/locust-fortio-echo-u10_stats.csv",
      "locust/locust-fortio-echo-u10_stats_history.csv",
    ]);
    expect(importResult(body.trials[0]!.result as string).meta["history"]).toMatchObject({
      peakUsers: 10,
    });
  });

  it("--locust-endpoint uploads one endpoint's row instead of the Aggregated one", async () => {
    const m = memoryIo();
    const { body } = await uploadBody(
      [...args("locust/locust-fortio-echo-u10_stats.csv"), "--locust-endpoint", "GET /echo flaky"],
      m.io,
    );
    const trial = importResult(body.trials[0]!.result);
    expect(trial).toMatchObject({ requestCount: 230, errorCount: 5, connections: 10 });
    expect(trial.meta["endpoint"]).toBe("GET /echo flaky");
    expect(trial.actualQps).toBeCloseTo(25.532388280143433, 12);
    const missing = memoryIo();
    expect(
      await runCli(
        ["upload", ...args("locust/locust-fortio-echo-u10_stats.csv"), "--locust-endpoint", "/x"],
        missing.io,
      ),
    ).toBe(1);
    expect(missing.err()).toContain(
      'no single row for --locust-endpoint "/x" (rows: GET /echo, GET /echo flaky, Aggregated)',
    );
  });

  it("refuses a history without its stats, and an upload of side files only (exit 64)", async () => {
    const history = memoryIo();
    expect(
      await runCli(
        ["upload", ...args("locust/locust-fortio-echo-u10_stats_history.csv")],
        history.io,
      ),
    ).toBe(64);
    expect(history.err()).toContain(
      "locust/locust-fortio-echo-u10_stats_history.csv: a stats_history is uploaded with its locust/locust-fortio-echo-u10_stats.csv; list that file too",
    );
    const side = memoryIo();
    expect(
      await runCli(["upload", ...args("locust/locust-fortio-echo-u10_failures.csv")], side.io),
    ).toBe(64);
    expect(side.err()).toContain("no result files");
  });
});
