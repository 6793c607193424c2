import { CronExpressionParser, type CronExpression } from "cron-parser";

/** A schedule's when: a five-field cron expression read in an IANA time zone. */
export type ScheduleTiming = { cron: string; timezone: string };

/** How many missed due times catch-up counts before it says "more". */
const MISSED_COUNT_LIMIT = 1000;

/** What is wrong with a timing, naming the field; null when it can be used. */
export function scheduleTimingProblem(
  timing: ScheduleTiming,
): { field: "cron" | "timezone"; message: string } | null {
  try {
    new Intl.DateTimeFormat("en", { timeZone: timing.timezone });
  } catch {
    return { field: "timezone", message: `"${timing.timezone}" is not an IANA time zone` };
  }
  if (!timing.timezone.includes("/") && timing.timezone !== "UTC")
    return {
      field: "timezone",
      message: `"${timing.timezone}" is not an IANA time zone name (e.g. Europe/Berlin or UTC)`,
    };
  const fields = timing.cron.trim().split(/\s+/);
  if (fields.length !== 5)
    return {
      field: "cron",
      message: `a cron expression has five fields (minute hour day-of-month month day-of-week); "${timing.cron}" has ${fields.length}`,
    };
  try {
    parse(timing, new Date(0)).next();
  } catch (error) {
    // The parser's own words name no field ("Constraint error, got value 61 …"): say which.
    return {
      field: "cron",
      message: `cron "${timing.cron.trim()}" is invalid: ${(error as Error).message}`,
    };
  }
  return null;
}

function parse(timing: ScheduleTiming, currentDate: Date): CronExpression {
  // strict: a day-of-month and a day-of-week together are refused rather than OR-ed silently;
  // strict mode reads six fields, so the seconds field is pinned to 0.
  return CronExpressionParser.parse(`0 ${timing.cron.trim()}`, {
    tz: timing.timezone,
    currentDate,
    strict: true,
  });
}

/** The next `count` due times strictly after `after` (the preview under a schedule). */
export function nextDueTimes(timing: ScheduleTiming, after: Date, count: number): Date[] {
  const expression = parse(timing, after);
  return Array.from({ length: count }, () => expression.next().toDate());
}

export type DueDecision = {
  /** The due time to fire now, or null when none fell due since `since`. */
  fire: Date | null;
  /** Due times that fell due before `fire` and are not fired (bounded catch-up). */
  missed: number;
  /** True when more than the counted due times were missed. */
  missedMore: boolean;
};

/**
 * Which due time to fire at `now`, given the latest one handled (`since`: the last fired or
 * skipped due time, or the schedule's creation). Catch-up is bounded: after a pause (workers down,
 * schedule disabled) only the latest missed due time fires, and the others are counted so the
 * schedule's history can say so. Pure: the clock is the caller's `now`.
 */
export function dueToFire(timing: ScheduleTiming, since: Date, now: Date): DueDecision {
  // prev() is strictly before currentDate: one millisecond on makes a due time equal to now count.
  const expression = parse(timing, new Date(now.getTime() + 1));
  const latest = expression.prev().toDate();
  if (latest.getTime() <= since.getTime()) return { fire: null, missed: 0, missedMore: false };
  let missed = 0;
  while (missed < MISSED_COUNT_LIMIT && expression.prev().toDate().getTime() > since.getTime())
    missed++;
  return { fire: latest, missed, missedMore: missed === MISSED_COUNT_LIMIT };
}

/** The sentence a firing's history carries about missed due times. */
export function missedWording(decision: DueDecision): string | null {
  if (decision.missed === 0) return null;
  const count = decision.missedMore ? `more than ${decision.missed}` : String(decision.missed);
  return `${count} earlier due time(s) were missed and not fired (catch-up fires only the latest)`;
}
