import { describe, expect, it } from "vitest";
import { runCli } from "../cli";
import { EXIT } from "../io";
import { refusal, serverIo } from "../test-support/server-io";

const SCHEDULE = {
  id: "s1",
  benchmarkId: "b1",
  benchmarkKey: "nightly",
  clusterId: "c1",
  clusterName: "lab",
  cron: "0 2 * * *",
  timezone: "Europe/Berlin",
  enabled: true,
  nextRuns: ["2026-11-27T01:00:00.000Z", "2026-11-28T01:00:00.000Z"],
  createdAt: "2026-11-26T00:00:00.000Z",
  firings: [
    {
      dueAt: "2026-11-26T01:00:00.000Z",
      outcome: "skipped_overlap",
      runId: null,
      message: "skipped: the previous run r0 of this schedule is still running",
      createdAt: "2026-11-26T01:00:05.000Z",
    },
  ],
};

describe("meshbench schedule", () => {
  it("creates by benchmark key and cluster name, with the time zone", async () => {
    const s = serverIo(() => Response.json(SCHEDULE));
    const code = await runCli(
      [
        "schedule",
        "create",
        "nightly",
        "--cluster",
        "lab",
        "--cron",
        "0 2 * * *",
        "--tz",
        "Europe/Berlin",
      ],
      s.io,
    );
    expect(code).toBe(EXIT.ok);
    expect(s.requests[0]).toMatchObject({
      method: "POST",
      path: "/schedules",
      body: {
        benchmarkKey: "nightly",
        clusterName: "lab",
        cron: "0 2 * * *",
        timezone: "Europe/Berlin",
        enabled: true,
      },
    });
    expect(s.out()).toContain("next: 2026-11-27T01:00:00.000Z");
    expect(s.out()).toContain("skipped_overlap (skipped: the previous run r0");
  });

  it("lists one benchmark's schedules, enables, disables and deletes by id", async () => {
    const s = serverIo((method) =>
      method === "GET" ? Response.json([SCHEDULE]) : Response.json({ ...SCHEDULE, deleted: true }),
    );
    expect(await runCli(["schedule", "list", "nightly"], s.io)).toBe(EXIT.ok);
    expect(await runCli(["schedule", "disable", "s1"], s.io)).toBe(EXIT.ok);
    expect(await runCli(["schedule", "enable", "s1"], s.io)).toBe(EXIT.ok);
    expect(await runCli(["schedule", "delete", "s1"], s.io)).toBe(EXIT.ok);
    expect(s.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ["GET", "/schedules?benchmarkKey=nightly", undefined],
      ["PATCH", "/schedules/s1", { enabled: false }],
      ["PATCH", "/schedules/s1", { enabled: true }],
      ["DELETE", "/schedules/s1", undefined],
    ]);
  });

  it("needs --cluster and --cron, and says the server's refusal", async () => {
    const s = serverIo(() => refusal(400, "BAD_REQUEST", '"Mars/Base" is not an IANA time zone'));
    expect(await runCli(["schedule", "create", "nightly", "--cron", "0 2 * * *"], s.io)).toBe(
      EXIT.usage,
    );
    expect(s.requests).toEqual([]);
    expect(
      await runCli(
        [
          "schedule",
          "create",
          "nightly",
          "--cluster",
          "lab",
          "--cron",
          "0 2 * * *",
          "--tz",
          "Mars/Base",
        ],
        s.io,
      ),
    ).toBe(EXIT.error);
    expect(s.err()).toContain("400 BAD_REQUEST");
  });
});
