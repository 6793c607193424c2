import { describe, expect, it } from "vitest";
import { dueToFire, missedWording, nextDueTimes, scheduleTimingProblem } from "./due-times";

const at = (iso: string) => new Date(iso);

describe("scheduleTimingProblem", () => {
  it("accepts a five-field cron in an IANA zone", () => {
    expect(scheduleTimingProblem({ cron: "0 2 * * *", timezone: "Europe/Berlin" })).toBeNull();
    expect(scheduleTimingProblem({ cron: "*/15 * * * 1-5", timezone: "UTC" })).toBeNull();
  });
  it("names the field that is wrong", () => {
    expect(scheduleTimingProblem({ cron: "0 2 * * *", timezone: "Mars/Olympus" })?.field).toBe(
      "timezone",
    );
    expect(scheduleTimingProblem({ cron: "0 2 * * *", timezone: "CEST" })?.field).toBe("timezone");
    expect(scheduleTimingProblem({ cron: "61 2 * * *", timezone: "UTC" })?.field).toBe("cron");
    expect(scheduleTimingProblem({ cron: "* * * * * *", timezone: "UTC" })?.field).toBe("cron");
    expect(scheduleTimingProblem({ cron: "nightly", timezone: "UTC" })?.field).toBe("cron");
    expect(scheduleTimingProblem({ cron: "0 2 1 * 1", timezone: "UTC" })?.field).toBe("cron");
  });
  it("says in its message which field it is, even where the cron parser's words do not", () => {
    expect(scheduleTimingProblem({ cron: "61 2 * * *", timezone: "UTC" })?.message).toBe(
      'cron "61 2 * * *" is invalid: Constraint error, got value 61 expected range 0-59',
    );
    expect(scheduleTimingProblem({ cron: "0 2 * *", timezone: "UTC" })?.message).toMatch(
      /^a cron expression has five fields/,
    );
    expect(scheduleTimingProblem({ cron: "0 2 * * *", timezone: "Mars/X" })?.message).toMatch(
      /time zone/,
    );
  });
});

describe("nextDueTimes", () => {
  it("reads the cron in the schedule's zone", () => {
    const next = nextDueTimes(
      { cron: "0 2 * * *", timezone: "America/New_York" },
      at("2026-07-01T00:00:00Z"),
      2,
    );
    expect(next.map((d) => d.toISOString())).toEqual([
      "2026-07-01T06:00:00.000Z",
      "2026-07-02T06:00:00.000Z",
    ]);
  });
  it("keeps local wall time across a DST change (Berlin, spring forward)", () => {
    const next = nextDueTimes(
      { cron: "30 3 * * *", timezone: "Europe/Berlin" },
      at("2026-03-28T00:00:00Z"),
      2,
    );
    // 03:30 CET = 02:30Z before 29 March; 03:30 CEST = 01:30Z after.
    expect(next.map((d) => d.toISOString())).toEqual([
      "2026-03-28T02:30:00.000Z",
      "2026-03-29T01:30:00.000Z",
    ]);
  });
  it("fires a due time in the skipped hour of spring-forward at most once", () => {
    const next = nextDueTimes(
      { cron: "30 2 * * *", timezone: "Europe/Berlin" },
      at("2026-03-28T12:00:00Z"),
      2,
    );
    expect(new Set(next.map((d) => d.toISOString())).size).toBe(2);
    expect(next[1]!.toISOString()).toBe("2026-03-30T00:30:00.000Z");
  });
  it("fires once in the repeated hour of fall-back", () => {
    const next = nextDueTimes(
      { cron: "30 2 * * *", timezone: "Europe/Berlin" },
      at("2026-10-24T12:00:00Z"),
      3,
    );
    const dates = next.map((d) => d.toISOString().slice(0, 10));
    expect(new Set(dates).size).toBe(3);
    expect(dates).toEqual(["2026-10-25", "2026-10-26", "2026-10-27"]);
  });
});

describe("dueToFire", () => {
  const hourly = { cron: "0 * * * *", timezone: "UTC" };
  it("fires nothing before the first due time", () => {
    expect(dueToFire(hourly, at("2026-05-01T10:00:00Z"), at("2026-05-01T10:59:59Z")).fire).toBe(
      null,
    );
  });
  it("fires a due time at exactly its instant, once", () => {
    const d = dueToFire(hourly, at("2026-05-01T10:00:00Z"), at("2026-05-01T11:00:00Z"));
    expect(d).toEqual({ fire: at("2026-05-01T11:00:00Z"), missed: 0, missedMore: false });
    // Handled: the same due time is not due again.
    expect(dueToFire(hourly, d.fire!, at("2026-05-01T11:00:20Z")).fire).toBe(null);
  });
  it("catches up by firing only the latest missed due time and counting the rest", () => {
    const d = dueToFire(hourly, at("2026-05-01T10:00:00Z"), at("2026-05-01T14:30:00Z"));
    expect(d.fire).toEqual(at("2026-05-01T14:00:00Z"));
    expect(d.missed).toBe(3);
    expect(missedWording(d)).toMatch(/^3 earlier due time/);
  });
  it("bounds the count after a long pause", () => {
    const everyMinute = { cron: "* * * * *", timezone: "UTC" };
    const d = dueToFire(everyMinute, at("2025-01-01T00:00:00Z"), at("2026-05-01T00:00:00Z"));
    expect(d.fire).toEqual(at("2026-05-01T00:00:00Z"));
    expect(d.missedMore).toBe(true);
    expect(missedWording(d)).toMatch(/^more than 1000/);
  });
  it("handles a due time in another zone across the DST change", () => {
    const nightly = { cron: "0 2 * * *", timezone: "America/New_York" };
    // 8 March 2026: New York springs forward at 02:00; 2 AM local does not exist that day.
    const d = dueToFire(nightly, at("2026-03-07T07:00:00Z"), at("2026-03-09T12:00:00Z"));
    expect(d.fire).toEqual(at("2026-03-09T06:00:00Z"));
    expect(d.missed).toBeLessThanOrEqual(1);
  });
});
